import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/** The remotes, by the paths they own, and where the config says their manifests are. */
export const REMOTES = [
  { pathPrefix: '/user/', pkg: 'user-app', url: (c: Config) => c.userAppUrl },
  { pathPrefix: '/admin/', pkg: 'admin-app', url: (c: Config) => c.adminAppUrl },
] as const;

/** The config points at the remote's build this server serves itself (under /remotes/), not one deployed elsewhere. */
export const servedHere = (config: Config, remote: (typeof REMOTES)[number]): boolean => remote.url(config) === `/remotes/${remote.pkg}/mf-manifest.json`;

/** The parts of a remote's mf-manifest.json read here. */
interface Manifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: Array<{ path?: unknown; assets?: { js?: { sync?: unknown } } }>;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** The remote's entry script and the scripts its `./App` needs at once, as paths under `dir`. */
function appScripts(manifest: Manifest, dir: string): string[] {
  const entry = manifest.metaData?.remoteEntry;
  const entryPath = typeof entry?.path === 'string' && entry.path ? `${entry.path.replace(/\/$/, '')}/` : '';
  const entryFile = typeof entry?.name === 'string' ? [`${dir}${entryPath}${entry.name}`] : [];
  const app = manifest.exposes?.find((e) => e.path === './App');
  return [...entryFile, ...strings(app?.assets?.js?.sync).map((file) => `${dir}${file}`)];
}

const fetchLink = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`;
const scriptLink = (url: string) => `<${url}>; rel=preload; as=script`;
// A framed page paints from its HTML (http/frames.ts): its scripts come after that paint, and
// must not compete with it for the line.
const lowScriptLink = (url: string) => `${scriptLink(url)}; fetchpriority=low`;

/** The shell's `page-preloads.json` (mf-shared.cjs PagePreloadsPlugin): files under its dist. */
interface ShellPreloads {
  start?: unknown;
  remotes?: unknown;
}

/** The federated shell's start scripts and what a remote's page adds, as URL paths; none without a build. */
function shellScripts(root: string): { start: string[]; remotes: string[] } {
  const file = join(root, 'shell', 'dist', 'page-preloads.json');
  if (!existsSync(file)) return { start: [], remotes: [] };
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as ShellPreloads;
  const paths = (v: unknown) => strings(v).map((f) => `/${f}`);
  return { start: paths(preloads.start), remotes: paths(preloads.remotes) };
}

/**
 * `Link: rel=preload` headers for the shell's pages. Without them a page loads in a chain: the
 * shell's entry, then the shared modules' chunks and /config.json, then the remote's manifest, then
 * its entry and App chunks, each waiting for the one before (~1 s of a 2 s load, bench/RESULTS.md
 * "scale"). With them the browser fetches all of it from the first bytes of the page. Read from
 * the builds once at start: the shell's start scripts (its entry and shared chunks) and, under a
 * remote's path, the remote's manifest, entry and App chunk (for a remote this server serves
 * itself; one elsewhere gets its manifest only) and the query library remotes share. The sign-in
 * pages (their own entry, no federation) get the config only; a framed page's scripts come at low
 * priority. Returns the header for a page of that kind.
 */
export function pagePreloads(config: Config, root: string): (path: string, kind: 'signin' | 'framed' | 'app') => string {
  const base = [fetchLink('/config.json')];
  const shell = shellScripts(root);
  const byPrefix = REMOTES.map((remote) => {
    const { pathPrefix, pkg } = remote;
    const manifestUrl = remote.url(config);
    const file = join(root, pkg, 'dist', 'mf-manifest.json');
    const local = servedHere(config, remote) && existsSync(file);
    const scripts = local ? appScripts(JSON.parse(readFileSync(file, 'utf8')) as Manifest, `/remotes/${pkg}/`) : [];
    const links = (script: (url: string) => string) => [...base, ...shell.start.map(script), fetchLink(manifestUrl), ...scripts.map(script), ...shell.remotes.map(script)].join(', ');
    return { pathPrefix, header: links(scriptLink), framed: links(lowScriptLink) };
  });
  const plain = [...base, ...shell.start.map(scriptLink)].join(', ');
  const signinHeader = base.join(', ');
  return (path, kind) => {
    if (kind === 'signin') return signinHeader;
    const remote = byPrefix.find((r) => path.startsWith(r.pathPrefix) || path === r.pathPrefix.slice(0, -1));
    return (kind === 'framed' ? remote?.framed : remote?.header) ?? plain;
  };
}
