// `pnpm deploy:app <user-app|admin-app> <dir> [--keep N] [--from <build dir>]` publishes a remote's
// build into <dir>, the folder a static origin serves, as a new release;
// `pnpm deploy:app <app> <dir> --rollback` makes the release before the live one live again.
// How a team uses it: docs/deploying.md. What the folder holds:
//   <hashed files>         the content-hashed chunks (with .map/.gz/.br) of the last N releases;
//                          a name, once written, never gets other bytes
//   remoteEntry.js, mf-manifest.json, index.html, …
//                          the live release's fixed-name files (its "pointers"), replaced one
//                          atomic rename at a time, the manifest last
//   releases/<id>/         each kept release's pointers, which a rollback publishes again
//   releases.json          the kept releases, oldest first, the files each uses, which one is live
//   _headers               the caching and CORS rules, for hosts that read it (Netlify, Cloudflare Pages)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, posix, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { HASHED, IMMUTABLE } from '../server/src/http/cache-rules.cjs';
import { root } from './lib.mjs';

/** The apps that deploy on their own, and the federation name each one's manifest carries. */
const APPS = { 'user-app': 'user_app', 'admin-app': 'admin_app' };
const MANIFEST = 'mf-manifest.json';
const RELEASES = 'releases';
const STATE = 'releases.json';
const HEADERS = '_headers';
const LOCK = '.deploy.lock';
/** Cloudflare Pages reads no more rules than this from `_headers`. */
const MAX_HEADER_RULES = 100;
const USAGE = 'usage: pnpm deploy:app <user-app|admin-app> <dir> [--keep N] [--from <build dir>] | pnpm deploy:app <app> <dir> --rollback';

/** A refusal the user can act on: printed without a stack, exit code 1. */
class DeployError extends Error {}

/** The command line, its paths resolved where the user typed it (pnpm runs root scripts from the root, INIT_CWD is where it was called). */
function parse(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { keep: { type: 'string', default: '3' }, from: { type: 'string' }, rollback: { type: 'boolean', default: false } } });
  } catch (error) {
    throw new DeployError(`${error.message}\n${USAGE}`);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 2) throw new DeployError(USAGE);
  const [app, dir] = positionals;
  if (!(app in APPS)) throw new DeployError(`unknown app "${app}": ${Object.keys(APPS).join(' or ')}`);
  const keep = Number(values.keep);
  if (!Number.isInteger(keep) || keep < 1) throw new DeployError(`--keep must be a whole number of releases, 1 or more (got "${values.keep}")`);
  if (values.rollback && values.from) throw new DeployError('--rollback publishes a kept release: it takes no --from');
  const here = process.env.INIT_CWD ?? process.cwd();
  return { app, dir: resolve(here, dir), from: values.from ? resolve(here, values.from) : join(root, app, 'dist'), keep, rollback: values.rollback };
}

/** Every file below `dir` as a path relative to it with forward slashes: the path it has on the origin. */
function listFiles(dir, under = '') {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const path = under ? posix.join(under, entry.name) : entry.name;
    return entry.isDirectory() ? listFiles(dir, path) : [path];
  });
}

/** The build in `from`, checked to be `app`'s federated build: its hashed files and its pointers (every other file). */
function readBuild(app, from) {
  if (!existsSync(from) || !statSync(from).isDirectory()) {
    throw new DeployError(`no build of ${app} at ${from}: build it first (npx -y pnpm@10.34.9 --filter ./${app} run build) or name one with --from`);
  }
  const files = listFiles(from);
  if (!files.includes(MANIFEST)) throw new DeployError(`${from} has no ${MANIFEST}: not a Module Federation build`);
  if (files.includes(STATE)) throw new DeployError(`${from} holds a ${STATE}: it is a deploy folder, not a build`);
  const manifestBytes = readFileSync(join(from, MANIFEST));
  let manifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw new DeployError(`${join(from, MANIFEST)} is not JSON: not a Module Federation build`);
  }
  if (manifest?.name !== APPS[app]) throw new DeployError(`${from} is the build of "${manifest?.name}", not of ${app} ("${APPS[app]}")`);
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name || !files.includes(posix.join(entry.path || '.', entry.name))) {
    throw new DeployError(`${from} lacks the remoteEntry its ${MANIFEST} names: not a complete Module Federation build`);
  }
  return { dir: from, manifestBytes, hashed: files.filter((f) => HASHED.test(f)).sort(), pointers: files.filter((f) => !HASHED.test(f)).sort() };
}

/** releases.json, or an empty history for a folder never deployed to. */
function readState(dir, app) {
  const file = join(dir, STATE);
  if (!existsSync(file)) return { app, live: null, releases: [] };
  const state = JSON.parse(readFileSync(file, 'utf8'));
  if (state.app !== app) throw new DeployError(`${dir} holds releases of ${state.app}, not of ${app}`);
  return state;
}

/** Writes `target` as a temp file beside it, then renames it over: a reader gets the old file or the new one, never a part. */
function replaceFile(target, write) {
  mkdirSync(dirname(target), { recursive: true });
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  write(temp);
  renameSync(temp, target);
}

const sameBytes = (a, b) => readFileSync(a).equals(readFileSync(b));
const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
/** The file a .map/.gz/.br sibling belongs to (itself for any other). */
const family = (path) => path.replace(/(\.map)?(\.br|\.gz)?$/, '');

/**
 * The build's hashed files the folder already has with other bytes. Open pages and caches keep a
 * hashed name for a year, so other code under it is a broken build, refused. Only the chunks
 * themselves count: a .map/.gz/.br of an identical chunk may differ (a source map of other
 * comments, another compressor's output) without changing what runs, and the published one stays.
 */
function conflicts(build, dir) {
  return build.hashed.filter((f) => family(f) === f && existsSync(join(dir, f)) && !sameBytes(join(build.dir, f), join(dir, f)));
}

/** Whether the build is the live release: the same hashed files and, byte for byte, the same pointers. */
function isLive(build, dir, state) {
  const live = state.releases.find((r) => r.id === state.live);
  return Boolean(live) && sameList(live.files, build.hashed) && sameList(live.pointers, build.pointers) &&
    build.pointers.every((p) => sameBytes(join(build.dir, p), join(dir, RELEASES, live.id, p)));
}

/** `20261128T101500.123Z-1a2b3c4d`: when (UTC), then which manifest (the start of its SHA-256). */
function releaseId(time, manifestBytes) {
  return `${time.toISOString().replace(/[-:]/g, '')}-${createHash('sha256').update(manifestBytes).digest('hex').slice(0, 8)}`;
}

/** The commit checked out where the build lies, or null outside a git checkout. */
function sourceCommit(dir) {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Copies the hashed files the folder lacks, each whole before it has its name; returns how many. */
function copyHashed(build, dir) {
  const missing = build.hashed.filter((f) => !existsSync(join(dir, f)));
  for (const f of missing) replaceFile(join(dir, f), (temp) => copyFileSync(join(build.dir, f), temp));
  return missing.length;
}

/** Keeps the build's pointers under releases/<id>/: what publishing, and a later rollback, copy from. */
function storePointers(build, dir, id) {
  for (const p of build.pointers) {
    mkdirSync(dirname(join(dir, RELEASES, id, p)), { recursive: true });
    copyFileSync(join(build.dir, p), join(dir, RELEASES, id, p));
  }
}

const isManifest = (path) => family(path) === MANIFEST;

/**
 * Makes `release` live: each of its stored pointers over the live one, one atomic rename at a time,
 * the manifest (and its .gz/.br) last. A shell that reads the new manifest then finds the new
 * remoteEntry.js; one that still holds the old entry finds the old chunks, which stay for the last
 * N releases. Pointers only the release before had go last.
 */
function publish(dir, release, before) {
  const order = [...release.pointers].sort((a, b) => Number(isManifest(a)) - Number(isManifest(b)));
  for (const p of order) replaceFile(join(dir, p), (temp) => copyFileSync(join(dir, RELEASES, release.id, p), temp));
  for (const p of before?.pointers ?? []) if (!release.pointers.includes(p)) rmSync(join(dir, p), { force: true });
}

/**
 * The `_headers` of the kept releases (Netlify, Cloudflare Pages): CORS on every file, since the
 * shell on another origin fetches the manifest and runs the chunks; a year and `immutable` for
 * hashed files; `no-cache` for the live pointers. One rule per file and its siblings, with only a
 * trailing splat (`/435.1ac17b57.js*`): hosts join the values of every rule a path matches, so a
 * wider pattern such as `/*.js` would give remoteEntry.js both, and Cloudflare allows one splat a rule.
 */
function headerRules(kept, live) {
  const rule = (name, cache) => `/${name}*\n  Cache-Control: ${cache}`;
  const hashed = [...new Set(kept.flatMap((r) => r.files).map(family))].sort();
  const pointers = [...new Set(live.pointers.map(family))].sort();
  return [
    '/*\n  Access-Control-Allow-Origin: *',
    ...hashed.map((name) => rule(name, IMMUTABLE)),
    ...pointers.map((name) => rule(name, 'no-cache')),
  ];
}

function writeHeaders(dir, kept, live) {
  const rules = headerRules(kept, live);
  if (rules.length > MAX_HEADER_RULES) console.warn(`deploy:app: ${HEADERS} has ${rules.length} rules; Cloudflare Pages reads the first ${MAX_HEADER_RULES} (use --keep with fewer releases there)`);
  const text = ['# Written by pnpm deploy:app at each deploy and rollback (docs/deploying.md "Caching"): do not edit.', ...rules, ''].join('\n');
  replaceFile(join(dir, HEADERS), (temp) => writeFileSync(temp, text));
}

function writeState(dir, state) {
  replaceFile(join(dir, STATE), (temp) => writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`));
}

/** Deletes the hashed files that only dropped releases use, and their stored pointers; returns how many files. */
function prune(dir, dropped, kept) {
  const used = new Set(kept.flatMap((r) => r.files));
  const unused = new Set(dropped.flatMap((r) => r.files).filter((f) => !used.has(f) && existsSync(join(dir, f))));
  for (const f of unused) rmSync(join(dir, f));
  for (const r of dropped) rmSync(join(dir, RELEASES, r.id), { recursive: true, force: true });
  return unused.size;
}

/** One deploy or rollback at a time in a folder: two at once would each write releases.json from what they had read. */
function withLock(dir, work) {
  const lock = join(dir, LOCK);
  try {
    closeSync(openSync(lock, 'wx'));
  } catch (error) {
    if (error.code === 'EEXIST') throw new DeployError(`another deploy is running in ${dir} (if none is, one was killed: delete ${lock})`);
    throw error;
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Publishes the build as a new release, then prunes what none of the last `keep` releases uses. */
function deploy({ app, dir, from, keep }) {
  const build = readBuild(app, from);
  mkdirSync(dir, { recursive: true });
  return withLock(dir, () => {
    const state = readState(dir, app);
    const clash = conflicts(build, dir);
    if (clash.length) throw new DeployError(`refused: ${dir} already has ${clash.join(', ')} with other bytes (a hashed name is forever one content; rebuild, or deploy to a fresh folder)`);
    if (isLive(build, dir, state)) return `${app}: this build is already live (release ${state.live}); nothing to do`;
    const time = new Date();
    const release = { id: releaseId(time, build.manifestBytes), time: time.toISOString(), commit: sourceCommit(build.dir), pointers: build.pointers, files: build.hashed };
    if (state.releases.some((r) => r.id === release.id)) throw new DeployError(`release ${release.id} exists already: deploy again in a moment`);
    const added = copyHashed(build, dir);
    storePointers(build, dir, release.id);
    publish(dir, release, state.releases.find((r) => r.id === state.live));
    // The new release is live and the newest, so the last `keep` include it.
    const all = [...state.releases, release];
    const kept = all.slice(-keep);
    writeState(dir, { app, live: release.id, releases: kept });
    writeHeaders(dir, kept, release);
    const pruned = prune(dir, all.slice(0, all.length - kept.length), kept);
    return `${app}: release ${release.id} is live in ${dir} (${build.hashed.length} hashed files, ${added} new; ${kept.length} release${kept.length === 1 ? '' : 's'} kept, ${pruned} files pruned)`;
  });
}

/** Publishes again the pointers of the release before the live one; its chunks are still there (the keep rule). */
function rollback({ app, dir }) {
  if (!existsSync(join(dir, STATE))) throw new DeployError(`${dir} has no ${STATE}: nothing was deployed there to roll back`);
  return withLock(dir, () => {
    const state = readState(dir, app);
    const at = state.releases.findIndex((r) => r.id === state.live);
    if (at < 1) throw new DeployError(`no release before ${state.live} is kept in ${dir}: nothing to roll back to`);
    const target = state.releases[at - 1];
    const missing = target.files.filter((f) => !existsSync(join(dir, f)));
    if (missing.length) throw new DeployError(`release ${target.id} lacks ${missing.join(', ')} in ${dir}: not rolled back`);
    publish(dir, target, state.releases[at]);
    writeState(dir, { ...state, live: target.id });
    writeHeaders(dir, state.releases, target);
    return `${app}: rolled back from ${state.live} to ${target.id} (deployed ${target.time}${target.commit ? ` from ${target.commit.slice(0, 10)}` : ''})`;
  });
}

try {
  const args = parse(process.argv.slice(2));
  console.log(args.rollback ? rollback(args) : deploy(args));
} catch (error) {
  if (!(error instanceof DeployError)) throw error;
  console.error(`deploy:app: ${error.message}`);
  process.exitCode = 1;
}
