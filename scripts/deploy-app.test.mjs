// `pnpm deploy:app` (scripts/deploy-app.mjs) on small fake builds in temp folders, through its
// command line as a team runs it. Node's own test runner: the script is plain ESM, which the
// packages' jest (SWC to CommonJS) would not load as is. `pnpm test` runs it as the `scripts` step.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), 'deploy-app.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'halcyon-deploy-test-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
const newFolder = (name) => {
  const dir = join(scratch, `${name}-${++folders}`);
  mkdirSync(dir);
  return dir;
};

/** `pnpm deploy:app user-app <dir> …` (or `app`): exit code and output. */
function deployApp(args) {
  const run = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', env: { ...process.env, INIT_CWD: scratch } });
  return { code: run.status, out: run.stdout, err: run.stderr };
}
const deploy = (dir, build, ...more) => deployApp(['user-app', dir, '--from', build, ...more]);
const rollback = (dir) => deployApp(['user-app', dir, '--rollback']);
const ok = (run) => {
  assert.equal(run.code, 0, run.err);
  return run.out;
};
const read = (...path) => readFileSync(join(...path));
const releases = (dir) => JSON.parse(read(dir, 'releases.json').toString('utf8'));

/**
 * A user-app build as the real one is laid out: hashed chunks with .map/.gz/.br siblings, the
 * manifest naming them, remoteEntry.js, the stats file, index.html. `chunks`: hashed name → code.
 */
function fakeBuild(label, chunks) {
  const dir = newFolder(`build-${label}`);
  const names = Object.keys(chunks);
  const manifest = { id: 'user_app', name: 'user_app', metaData: { name: 'user_app', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } }, shared: [], exposes: [{ path: './App', assets: { js: { sync: names, async: [] } } }] };
  const files = {
    'mf-manifest.json': JSON.stringify(manifest),
    'mf-manifest.json.gz': `gz of ${label}'s manifest`,
    'mf-manifest-stats.json': JSON.stringify({ ...manifest, label }),
    'remoteEntry.js': `/* ${label} */ loads(${JSON.stringify(names)})`,
    'remoteEntry.js.map': `{"label":"${label}"}`,
    'index.html': `<title>${label}</title>`,
  };
  for (const [name, code] of Object.entries(chunks)) Object.assign(files, { [name]: code, [`${name}.map`]: `map of ${code}`, [`${name}.gz`]: `gz of ${code}`, [`${name}.br`]: `br of ${code}` });
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
  return dir;
}

const POINTERS = ['mf-manifest.json', 'mf-manifest.json.gz', 'mf-manifest-stats.json', 'remoteEntry.js', 'remoteEntry.js.map', 'index.html'];
/** The live pointers in `dir` are those of `build`, byte for byte. */
function assertLive(dir, build) {
  for (const name of POINTERS) assert.deepEqual(read(dir, name), read(build, name), `${name} is not the build's`);
}

/** The Cache-Control values `_headers` gives `path` (every matching rule's, as Netlify and Cloudflare join them). */
function cacheControlOf(dir, path) {
  const blocks = read(dir, '_headers').toString('utf8').split(/\n(?=\/)/).filter((b) => b.startsWith('/'));
  const matches = (rule) => (rule.endsWith('*') ? `/${path}`.startsWith(rule.slice(0, -1)) : `/${path}` === rule);
  return blocks.filter((b) => matches(b.split('\n')[0])).flatMap((b) => [...b.matchAll(/^ {2}Cache-Control: (.+)$/gm)].map((m) => m[1]));
}

test('a first deploy copies the hashed files, publishes the pointers, records the release and writes _headers', () => {
  const build = fakeBuild('one', { '1.aaaa0001.js': 'chunk 1', '__federation_expose_App.aaaa0002.js': 'app' });
  const dir = join(newFolder('cdn'), 'user-app'); // a folder that does not exist yet
  assert.match(ok(deploy(dir, build)), /user-app: release \d{8}T\d{6}\.\d{3}Z-[0-9a-f]{8} is live/);

  assertLive(dir, build);
  for (const name of ['1.aaaa0001.js', '1.aaaa0001.js.map', '1.aaaa0001.js.gz', '1.aaaa0001.js.br', '__federation_expose_App.aaaa0002.js']) assert.deepEqual(read(dir, name), read(build, name));
  const state = releases(dir);
  assert.equal(state.app, 'user-app');
  assert.equal(state.releases.length, 1);
  const [release] = state.releases;
  assert.equal(state.live, release.id);
  assert.match(release.id, new RegExp(`^${release.time.replace(/[-:]/g, '').replace('.', '\\.')}-[0-9a-f]{8}$`));
  assert.equal(release.commit, null); // a build outside a git checkout
  assert.deepEqual(release.pointers, [...POINTERS].sort());
  assert.ok(release.files.includes('1.aaaa0001.js.br') && !release.files.includes('remoteEntry.js'));
  assert.deepEqual(read(dir, 'releases', release.id, 'mf-manifest.json'), read(build, 'mf-manifest.json'));

  const headers = read(dir, '_headers').toString('utf8');
  assert.match(headers, /^\/\*\n {2}Access-Control-Allow-Origin: \*$/m);
  const immutable = ['public, max-age=31536000, immutable'];
  for (const name of ['1.aaaa0001.js', '1.aaaa0001.js.map', '1.aaaa0001.js.br', '__federation_expose_App.aaaa0002.js']) assert.deepEqual(cacheControlOf(dir, name), immutable, name);
  for (const name of POINTERS) assert.deepEqual(cacheControlOf(dir, name), ['no-cache'], name);
  assert.deepEqual(readdirSync(dir).filter((f) => f.startsWith('.')), [], 'no temp or lock file is left');
});

test('a second deploy publishes its pointers and keeps the first release’s chunks for pages that still run it', () => {
  const dir = newFolder('cdn');
  const first = fakeBuild('one', { '1.aaaa0001.js': 'chunk 1', '2.aaaa0002.js': 'chunk 2' });
  const second = fakeBuild('two', { '1.aaaa0001.js': 'chunk 1', '2.bbbb0002.js': 'chunk 2, changed' });
  ok(deploy(dir, first));
  assert.match(ok(deploy(dir, second)), /\(8 hashed files, 4 new; 2 releases kept, 0 files pruned\)/);

  assertLive(dir, second);
  for (const name of ['1.aaaa0001.js', '2.aaaa0002.js', '2.aaaa0002.js.map', '2.bbbb0002.js']) assert.ok(existsSync(join(dir, name)), name);
  const state = releases(dir);
  assert.equal(state.releases.length, 2);
  assert.equal(state.live, state.releases[1].id);
  assert.deepEqual(cacheControlOf(dir, '2.aaaa0002.js'), ['public, max-age=31536000, immutable']);
});

test('after N+1 deploys the chunks only the oldest release used are pruned, with its stored pointers', () => {
  const dir = newFolder('cdn');
  const builds = [1, 2, 3, 4].map((n) => fakeBuild(`v${n}`, { '0.0000aaaa.js': 'shared by all', [`${n}.0000000${n}.js`]: `only v${n}` }));
  for (const build of builds.slice(0, 3)) ok(deploy(dir, build));
  const [oldest] = releases(dir).releases;
  assert.match(ok(deploy(dir, builds[3])), /3 releases kept, 4 files pruned/);

  for (const name of ['1.00000001.js', '1.00000001.js.map', '1.00000001.js.gz', '1.00000001.js.br']) assert.equal(existsSync(join(dir, name)), false, name);
  for (const name of ['0.0000aaaa.js', '2.00000002.js', '3.00000003.js', '4.00000004.js']) assert.ok(existsSync(join(dir, name)), name);
  assert.equal(existsSync(join(dir, 'releases', oldest.id)), false);
  const state = releases(dir);
  assert.equal(state.releases.length, 3);
  assert.ok(!state.releases.some((r) => r.id === oldest.id));
  assert.deepEqual(cacheControlOf(dir, '1.00000001.js'), [], 'no rule is left for a pruned file');

  ok(deploy(dir, fakeBuild('v5', { '0.0000aaaa.js': 'shared by all', '5.00000005.js': 'only v5' }), '--keep', '1'));
  assert.deepEqual(releases(dir).releases.length, 1);
  for (const name of ['2.00000002.js', '3.00000003.js', '4.00000004.js']) assert.equal(existsSync(join(dir, name)), false, name);
  assert.ok(existsSync(join(dir, '0.0000aaaa.js')));
});

test('a rollback publishes the previous release’s manifest and remoteEntry.js again, byte for byte', () => {
  const dir = newFolder('cdn');
  const first = fakeBuild('one', { '1.aaaa0001.js': 'chunk 1' });
  const second = fakeBuild('two', { '1.bbbb0001.js': 'chunk 1, changed' });
  ok(deploy(dir, first));
  ok(deploy(dir, second));
  const [one, two] = releases(dir).releases;

  assert.match(ok(rollback(dir)), new RegExp(`rolled back from ${two.id} to ${one.id}`));
  assertLive(dir, first);
  const state = releases(dir);
  assert.equal(state.live, one.id);
  assert.equal(state.releases.length, 2, 'the rolled-back release stays recorded');
  for (const name of ['1.aaaa0001.js', '1.bbbb0001.js']) assert.ok(existsSync(join(dir, name)), name);

  // The next deploy is the newest release again: deploying the second build makes it live.
  ok(deploy(dir, second));
  assertLive(dir, second);
  assert.equal(releases(dir).releases.length, 3);
});

test('a rollback with no earlier release fails and leaves the live release as it was', () => {
  const dir = newFolder('cdn');
  const never = rollback(dir);
  assert.equal(never.code, 1);
  assert.match(never.err, /has no releases\.json: nothing was deployed there to roll back/);

  const build = fakeBuild('one', { '1.aaaa0001.js': 'chunk 1' });
  ok(deploy(dir, build));
  const before = read(dir, 'releases.json');
  const run = rollback(dir);
  assert.equal(run.code, 1);
  assert.match(run.err, /no release before .+ is kept in .+: nothing to roll back to/);
  assertLive(dir, build);
  assert.deepEqual(read(dir, 'releases.json'), before);
});

test('a hashed name that would get other bytes is refused, and nothing is published', () => {
  const dir = newFolder('cdn');
  const first = fakeBuild('one', { '1.aaaa0001.js': 'chunk 1' });
  ok(deploy(dir, first));
  const before = read(dir, 'releases.json');
  const run = deploy(dir, fakeBuild('two', { '1.aaaa0001.js': 'other code under the same hash' }));
  assert.equal(run.code, 1);
  assert.match(run.err, /refused: .+ already has 1\.aaaa0001\.js with other bytes/);
  assert.equal(read(dir, '1.aaaa0001.js').toString('utf8'), 'chunk 1');
  assertLive(dir, first);
  assert.deepEqual(read(dir, 'releases.json'), before);
  assert.equal(readdirSync(join(dir, 'releases')).length, 1);
});

test('a source map or compressed copy of an identical chunk may differ: the published one stays', () => {
  const dir = newFolder('cdn');
  ok(deploy(dir, fakeBuild('one', { '1.aaaa0001.js': 'chunk 1' })));
  const second = fakeBuild('two', { '1.aaaa0001.js': 'chunk 1' });
  writeFileSync(join(second, '1.aaaa0001.js.map'), 'a map of the same code with other comments');
  ok(deploy(dir, second));
  assertLive(dir, second);
  assert.equal(read(dir, '1.aaaa0001.js.map').toString('utf8'), 'map of chunk 1');
});

test('deploying the build that is live again is a no-op that says so', () => {
  const dir = newFolder('cdn');
  const build = fakeBuild('one', { '1.aaaa0001.js': 'chunk 1' });
  ok(deploy(dir, build));
  const before = read(dir, 'releases.json');
  assert.match(ok(deploy(dir, build)), /user-app: this build is already live \(release .+\); nothing to do/);
  assert.deepEqual(read(dir, 'releases.json'), before);
  assert.equal(readdirSync(join(dir, 'releases')).length, 1);
});

test('clear refusals: usage, unknown app, missing build, not a federated build, another app’s build or folder', () => {
  const dir = newFolder('cdn');
  const refused = (run, message) => {
    assert.equal(run.code, 1);
    assert.match(run.err, message);
    assert.equal(run.err.includes('    at '), false, 'no stack trace');
  };
  refused(deployApp(['user-app']), /usage: pnpm deploy:app/);
  refused(deployApp(['shell', dir]), /unknown app "shell": user-app or admin-app/);
  refused(deployApp(['user-app', dir, '--keep', 'two']), /--keep must be a whole number/);
  refused(deploy(dir, join(scratch, 'nowhere')), /no build of user-app at .+nowhere: build it first/);
  const plain = newFolder('plain');
  writeFileSync(join(plain, 'index.html'), '<p>not federated</p>');
  refused(deploy(dir, plain), /has no mf-manifest\.json: not a Module Federation build/);
  const noEntry = fakeBuild('no-entry', { '1.aaaa0001.js': 'chunk 1' });
  rmSync(join(noEntry, 'remoteEntry.js'));
  refused(deploy(dir, noEntry), /lacks the remoteEntry its mf-manifest\.json names/);
  refused(deployApp(['admin-app', dir, '--from', fakeBuild('user', { '1.aaaa0001.js': 'chunk 1' })]), /is the build of "user_app", not of admin-app \("admin_app"\)/);
  ok(deploy(dir, fakeBuild('one', { '1.aaaa0001.js': 'chunk 1' })));
  refused(deployApp(['admin-app', dir, '--rollback']), /holds releases of user-app, not of admin-app/);
});
