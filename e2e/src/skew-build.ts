// Builds of the shell and the remotes that differ from this tree's own, made from this tree in a
// temp folder, for the skew tests (test/skew.test.ts, issue 28 item 4). A "tree" is a copy of the
// frontend packages' sources and package.json files (never their dist/): each package's
// node_modules is copied as the symlinks it is (into the root node_modules/.pnpm, and
// `@halcyon/*` to the sibling packages, so the copy's packages import each other), and the copy's
// root node_modules is a symlink to this checkout's. The variant's change is applied to the copy,
// then its rspack build runs there as `pnpm build` would (NODE_ENV=production, the package's own
// build script), and the test serves the copy's dist/.
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { repoRoot, resultsDir } from './run-info';

/** What the shell's and the remotes' builds read: mf-shared.cjs, the page template, the base tsconfig (the prerender's esbuild) and these packages. */
const PACKAGES = ['shell', 'user-app', 'admin-app', 'shared-ui', 'api-client', 'app-kit', 'seam'] as const;
const ROOT_FILES = ['mf-shared.cjs', 'index.html', 'tsconfig.base.json'];
/** Build output and caches stay behind: a tree starts unbuilt. */
const SKIPPED = /[\\/](dist|coverage|\.cache)$/;

type App = 'shell' | 'user-app' | 'admin-app';

export interface Tree {
  dir: string;
  /** `dir`/`app`/dist once built. */
  dist: (app: App) => string;
}

/** A copy of this tree's frontend packages in a new temp folder (remove it with `removeTree`). */
export function copyTree(name: string): Tree {
  const dir = mkdtempSync(join(tmpdir(), `halcyon-skew-${name}-`));
  for (const pkg of PACKAGES) {
    cpSync(join(repoRoot, pkg), join(dir, pkg), { recursive: true, verbatimSymlinks: true, filter: (source) => !SKIPPED.test(source) });
  }
  for (const file of ROOT_FILES) cpSync(join(repoRoot, file), join(dir, file));
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, dist: (app) => join(dir, app, 'dist') };
}

export function removeTree(tree: Tree | undefined): void {
  if (tree) rmSync(tree.dir, { recursive: true, force: true });
}

/** Replaces `from` (which must occur exactly once) in a file of the tree. */
function editFile(tree: Tree, file: string, from: string | RegExp, to: string): void {
  const path = join(tree.dir, file);
  const source = readFileSync(path, 'utf8');
  const count = typeof from === 'string' ? source.split(from).length - 1 : (source.match(new RegExp(from.source, `${from.flags.replace('g', '')}g`)) ?? []).length;
  if (count !== 1) {
    throw new Error(`skew-build: ${file} has ${count} matches of ${String(from)}, not one: the file changed; update e2e/src/skew-build.ts`);
  }
  writeFileSync(path, source.replace(from, to));
}

function writeFile(tree: Tree, file: string, content: string): void {
  mkdirSync(join(tree.dir, file, '..'), { recursive: true });
  writeFileSync(join(tree.dir, file), content);
}

function appendFile(tree: Tree, file: string, line: string): void {
  const path = join(tree.dir, file);
  writeFileSync(path, `${readFileSync(path, 'utf8').replace(/\n?$/, '\n')}${line}\n`);
}

/** Sets a package's version (what mf-shared.cjs shares it as, and what a build requires of the page). */
function setVersion(tree: Tree, pkg: (typeof PACKAGES)[number], version: string): void {
  const path = join(tree.dir, pkg, 'package.json');
  const json = JSON.parse(readFileSync(path, 'utf8')) as { version: string };
  json.version = version;
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
}

// ---- The changes the skew cases build ----------------------------------------------------------

/** The new shared-ui component's own line, and its accessible name. */
export const RELEASE_NOTE = { name: 'Release note', text: (version: string) => `New in shared-ui ${version}` };
/** The line the new api-client export writes for the signed-in investor. */
export const signedInLine = (name: string, version: string) => `Signed in as ${name} (api-client ${version}).`;
/** The user area's section heading, and what the release built by `userAppUsesNewExports` calls it. */
export const MARKETS = { before: 'Markets today', after: 'Markets today (release 2)' };

/** shared-ui at `version` with a new exported component, ReleaseNote (a minor: an addition). */
export function sharedUiWithReleaseNote(tree: Tree, version: string): void {
  setVersion(tree, 'shared-ui', version);
  writeFile(tree, 'shared-ui/src/ReleaseNote.tsx', `import type { ReactNode } from 'react';
import styled from 'styled-components';

/** Added in shared-ui ${version} (the skew test's new component). */
export function ReleaseNote({ children }: { children?: ReactNode }) {
  return (
    <Note aria-label="${RELEASE_NOTE.name}">
      <strong>${RELEASE_NOTE.text(version)}</strong>
      {children ? <span>{children}</span> : null}
    </Note>
  );
}

const Note = styled.aside\`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: \${({ theme }) => theme.space(4)};
  border-radius: \${({ theme }) => theme.radius};
  background: \${({ theme }) => theme.colors.surfaceAlt};
\`;
`);
  appendFile(tree, 'shared-ui/src/index.ts', "export { ReleaseNote } from './ReleaseNote';");
}

/** api-client at `version` with a new export in `/react`: the signed-in investor's line, read from the seam's session. */
export function apiClientWithSignedInLine(tree: Tree, version: string): void {
  setVersion(tree, 'api-client', version);
  writeFile(tree, 'api-client/src/query/signedIn.ts', `import { useAtomValue } from 'jotai';
import { userAtom } from '@halcyon/api-client/http';

/** Added in api-client ${version} (the skew test's new export). */
export function useSignedInLine(): string {
  const user = useAtomValue(userAtom);
  return user ? \`Signed in as \${user.name} (api-client ${version}).\` : 'Nobody is signed in.';
}
`);
  appendFile(tree, 'api-client/src/query/index.ts', "export { useSignedInLine } from './signedIn';");
}

/** The seam at `version`; with `addition`, one new export (a minor release of it). */
export function seamAt(tree: Tree, version: string, addition = false): void {
  setVersion(tree, 'seam', version);
  editFile(tree, 'seam/src/version.ts', /SEAM_VERSION = '[^']*'/, `SEAM_VERSION = '${version}'`);
  if (addition) {
    writeFile(tree, 'seam/src/addition.ts', `/** Added in the seam's ${version} (the skew test's addition). */\nexport const SEAM_ADDITION = 'added in ${version}';\n`);
    appendFile(tree, 'seam/src/index.ts', "export * from './addition';");
  }
}

/**
 * user-app using both new exports: the dashboard and the Transactions screen show shared-ui's
 * ReleaseNote with api-client's signed-in line, and the user area's markets heading says it is
 * release 2 (a visible change on every screen).
 */
export function userAppUsesNewExports(tree: Tree): void {
  writeFile(tree, 'user-app/src/features/skew/SkewNote.tsx', `import { ReleaseNote } from '@halcyon/shared-ui';
import { useSignedInLine } from '@halcyon/api-client/react';

export function SkewNote() {
  return <ReleaseNote>{useSignedInLine()}</ReleaseNote>;
}
`);
  const importNote = "import { SkewNote } from '../features/skew/SkewNote';\n";
  editFile(tree, 'user-app/src/screens/Dashboard.tsx', '<Welcome name={profile.name} />', '<SkewNote />\n      <Welcome name={profile.name} />');
  editFile(tree, 'user-app/src/screens/Dashboard.tsx', /^/, importNote);
  editFile(tree, 'user-app/src/screens/Transactions.tsx', '<Heading>Transactions</Heading>', '<Heading>Transactions</Heading>\n      <SkewNote />');
  editFile(tree, 'user-app/src/screens/Transactions.tsx', /^/, importNote);
  editFile(tree, 'user-app/src/layout/UserLayout.tsx', `>${MARKETS.before}<`, `>${MARKETS.after}<`);
}

// ---- Building --------------------------------------------------------------------------------

/**
 * Builds `app`'s federated bundle in the tree (`rspack build`, production, quick: not minified,
 * no source maps, no precompressed copies), as its `pnpm build` does otherwise; for the shell that
 * leaves out its sign-in build and prerender (the server then serves the federated index.html at
 * /auth/login too): the skew is the federation's. Output in
 * e2e/results/skew-build-<label>.log; a failure says so with the log's end. Resolves to the app's
 * dist folder.
 */
export async function buildApp(tree: Tree, app: App, label: string): Promise<string> {
  const cwd = join(tree.dir, app);
  const script = 'rspack build';
  mkdirSync(resultsDir, { recursive: true });
  const logFile = join(resultsDir, `skew-build-${label}.log`);
  const log = createWriteStream(logFile);
  const started = Date.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('sh', ['-c', script], {
      cwd,
      // Production, as `pnpm build`, but quick (mf-shared.cjs): the cases look at what the page does,
      // not at its bytes, and minifying, source maps and brotli were three quarters of each build's CPU.
      env: { ...process.env, NODE_ENV: 'production', HALCYON_BUILD_QUICK: '1', PATH: `${join(cwd, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', reject);
    child.on('close', resolve);
  });
  await new Promise((resolve) => log.end(resolve));
  const dist = tree.dist(app);
  if (code !== 0 || !existsSync(join(dist, app === 'shell' ? 'index.html' : 'mf-manifest.json'))) {
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`skew-build: building ${app} (${label}) in ${tree.dir} failed (exit ${code}; log ${logFile}):\n${tail}`);
  }
  console.log(`[skew] built ${app} (${label}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return dist;
}

/**
 * A copy of the remote built at `dist` whose manifest declares `range` as its requiredVersion of
 * @halcyon/seam, as a build against that seam writes it (mf-shared.cjs: `^<seam version>`). The
 * shell decides from the manifest alone and never runs such a remote's code, so this is what it
 * sees of a remote built for another seam, without a third build.
 */
export function requiringSeam(dist: string, range: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'halcyon-skew-seam-'));
  // The precompressed manifests would still say the old range.
  cpSync(dist, dir, { recursive: true, filter: (source) => !/mf-manifest\.json\.(gz|br)$/.test(source) });
  const manifest = readManifest(dir);
  const seam = manifest.shared.find((s) => s.name === '@halcyon/seam');
  if (!seam) throw new Error(`skew-build: ${dist}/mf-manifest.json shares no @halcyon/seam`);
  seam.requiredVersion = range;
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  return dir;
}

// ---- Reading builds --------------------------------------------------------------------------

interface Manifest {
  shared: { name: string; requiredVersion?: string; version?: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

export const readManifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8')) as Manifest;

/** The JS files a build's manifest lists for one shared module (its own copy of it). */
export function sharedFiles(dir: string, name: string): string[] {
  const entry = readManifest(dir).shared.find((s) => s.name === name);
  if (!entry) throw new Error(`${dir}/mf-manifest.json shares no ${name}`);
  return [...entry.assets.js.sync, ...entry.assets.js.async];
}

/** The chunk of a build whose source map lists `source` (a path's end, e.g. 'src/screens/Transactions.tsx'). */
export function chunkWith(dir: string, source: string): string {
  const found = readdirSync(dir).filter((name) => name.endsWith('.js.map')).filter((map) => {
    const sources = (JSON.parse(readFileSync(join(dir, map), 'utf8')) as { sources?: string[] }).sources ?? [];
    return sources.some((s) => s.endsWith(source));
  });
  if (found.length !== 1) throw new Error(`${dir}: ${found.length} chunks hold ${source} (${found.join(', ')}), expected one`);
  return found[0]?.replace(/\.map$/, '') ?? '';
}
