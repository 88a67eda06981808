// `pnpm test`: every suite of the project, in order. The server suite runs twice: on the embedded
// PGlite and on a fresh database of a real PostgreSQL server (PG_ADMIN_URL, default
// postgres://postgres@127.0.0.1:5432/postgres), created and dropped here. Without a reachable
// PostgreSQL that second run is skipped with a plain notice, except under CI=true, where it fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pnpm, root } from './lib.mjs';

// The test kit's scratch-database module is plain CommonJS so that this script can use it as is.
const { scratchDbOrSkip } = createRequire(import.meta.url)('../test-kit/src/scratch-db.cjs');

const skip = new Set(process.argv.slice(2).filter((a) => a.startsWith('--skip=')).map((a) => a.slice(7)));
const failures = [];
const step = async (name, fn) => {
  // --skip=e2e skips both e2e runs; --skip='e2e (PostgreSQL)' only that one.
  const family = name.split(' (')[0];
  if (skip.has(name) || skip.has(family)) return console.log(`\n=== ${name}: skipped (--skip=${skip.has(name) ? name : family})`);
  console.log(`\n=== ${name}`);
  const code = await fn();
  if (code !== 0) failures.push(name);
};

await step('typecheck', () => pnpm(['-r', 'run', 'typecheck']));
await step('lint', () => pnpm(['run', 'lint']));
// Unused files, exports and dependencies (knip.json; it ignores ky and @module-federation/enhanced
// in the apps: mf-shared.cjs resolves them from each app, which knip cannot see). A finding fails the run.
// Every text of the spec (../shared/spec) is in the source: a reworded message fails the run.
await step('spec-texts', specTexts);
await step('knip', () => pnpm(['exec', 'knip', '--no-progress']));
for (const pkg of ['api-client', 'shared-ui', 'shell', 'user-app', 'admin-app', 'test-kit']) {
  await step(pkg, () => pnpm(['--filter', `./${pkg}`, 'run', 'test']));
}
await step('server (PGlite)', () => pnpm(['--filter', './server', 'run', 'test'], { env: { DATABASE_URL: '' } }));
await step('server (PostgreSQL)', postgresSuite);
// Browser journeys on the product as `pnpm start` runs it: on a fresh PGlite folder, then on a
// fresh PostgreSQL database (journeys only there: the screens sweep does not depend on the database).
await step('e2e (PGlite)', () => pnpm(['--filter', './e2e', 'run', 'test'], { env: { E2E_DATABASE_URL: '' } }));
await step('e2e (PostgreSQL)', () =>
  postgresSuite((url) => pnpm(['--filter', './e2e', 'run', 'test', '--testPathIgnorePatterns=screens'], { env: { E2E_DATABASE_URL: url } })),
);

// Fault tests (bench/test): kill -9 under money load and hostile input to every route, on the
// production build and a fresh PostgreSQL database. Then the bundle budget: fails when the JS of
// /auth/login or /user/main grew more than 5 % over bench/bundle-budget.json.
await step('faults', () =>
  postgresSuite(async (url) => (await pnpm(['--filter', './server', 'run', 'build'])) || pnpm(['--filter', './bench', 'run', 'test'], { env: { DATABASE_URL: url } })),
);
await step('bundle-budget', () => pnpm(['--filter', './bench', 'run', 'budget']));

console.log(failures.length ? `\nFAILED: ${failures.join(', ')}` : '\nAll suites passed.');
process.exit(failures.length ? 1 : 0);

/** Runs `suite` (default: the server suite) against a fresh database created and dropped here. */
async function postgresSuite(suite = (url) => pnpm(['--filter', './server', 'run', 'test'], { env: { DATABASE_URL: url } })) {
  let got;
  try {
    got = await scratchDbOrSkip('halcyon_test', 'the PostgreSQL suite');
  } catch (error) {
    console.error(error.message);
    return 1;
  }
  if (got.skip) {
    console.log(got.skip);
    return 0;
  }
  try {
    return await suite(got.db.url);
  } finally {
    await got.db.drop();
  }
}

/** Runs the shared spec-coverage tool (beside the checkout, as in CI); missing texts fail. */
function specTexts() {
  const tool = join(root, '../shared/tools/spec-coverage.mjs');
  if (!existsSync(tool)) {
    console.log(`${tool} is not beside this checkout; skipped.`);
    return 0;
  }
  const { stdout, status } = spawnSync(process.execPath, [tool], { cwd: root, encoding: 'utf8' });
  console.log(stdout.trim());
  return status !== 0 || /missing:/.test(stdout) ? 1 : 0;
}
