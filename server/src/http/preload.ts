import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/** What a page's first paint waits for, by the remote that owns its path. */
const REMOTES = [
  { pathPrefix: '/user/', pkg: 'user-app', url: (c: Config) => c.userAppUrl },
  { pathPrefix: '/admin/', pkg: 'admin-app', url: (c: Config) => c.adminAppUrl },
] as const;

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

/**
 * `Link: rel=preload` headers for the shell's page. Without them a page loads in a chain: the
 * shell's scripts, then /config.json, then the remote's manifest, then its entry and App chunks,
 * each waiting for the one before (~1 s of a 2 s load, bench/RESULTS.md "scale"). With them the
 * browser fetches all of it while the shell's scripts download. Remotes this server serves itself
 * (the default manifest paths) are read from their build once at start; a remote elsewhere gets
 * only its manifest preloaded. Returns the header for a page path.
 */
export function pagePreloads(config: Config, root: string): (path: string) => string {
  const base = [fetchLink('/config.json')];
  const byPrefix = REMOTES.map(({ pathPrefix, pkg, url }) => {
    const manifestUrl = url(config);
    const file = join(root, pkg, 'dist', 'mf-manifest.json');
    const local = manifestUrl === `/remotes/${pkg}/mf-manifest.json` && existsSync(file);
    const scripts = local ? appScripts(JSON.parse(readFileSync(file, 'utf8')) as Manifest, `/remotes/${pkg}/`) : [];
    return { pathPrefix, header: [...base, fetchLink(manifestUrl), ...scripts.map(scriptLink)].join(', ') };
  });
  const plain = base.join(', ');
  return (path) => byPrefix.find((r) => path.startsWith(r.pathPrefix) || path === r.pathPrefix.slice(0, -1))?.header ?? plain;
}
