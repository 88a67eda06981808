// `pnpm test`: every suite of the project, two at a time on a 2-core machine (docs/testing.md).
// The server suite runs on the embedded PGlite and on a fresh database of a real PostgreSQL server
// (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres), created and dropped here;
// without a reachable PostgreSQL those steps are skipped with a notice, except under CI=true,
// where they fail. Each step's output goes to .tmp/test-logs/<step>.log and is printed whole when
// the step ends; a table of the steps and their durations closes the run.
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pnpm, root, run } from './lib.mjs';
import { schedule } from './steps.mjs';

// The test kit's scratch-database module is plain CommonJS so that this script can use it as is.
const { scratchDbOrSkip } = createRequire(import.meta.url)('../test-kit/src/scratch-db.cjs');

const logDir = join(root, '.tmp', 'test-logs');
rmSync(logDir, { recursive: true, force: true });
mkdirSync(logDir, { recursive: true });

const skip = new Set(process.argv.slice(2).filter((a) => a.startsWith('--skip=')).map((a) => a.slice(7)));
const jestPackages = ['seam', 'api-client', 'shared-ui', 'app-kit', 'shell', 'user-app', 'admin-app', 'test-kit'];

/**
 * What the PGlite step leaves to the PostgreSQL step (the option replaces jest.config.cjs's list,
 * so test/chain again). On PGlite, the embedded database `pnpm start` runs, go the suites whose
 * subject is how the database behaves: the database layer, the ledger's money moves (transfers,
 * deposits, withdrawals, investments, maturity, limits, seals, idempotency, the random walk), the
 * job queue, lists and search, live updates (LISTEN/NOTIFY), the shared limit store, the seed,
 * startup, the smoke test. Run once, on PostgreSQL: test/http (the HTTP layer: access rules, the
 * OpenAPI document, errors, static serving, uploads' content, no secrets), the limits that are
 * Redis's or the hashing queue's, sign-in, sessions, users and the account-security suites, and
 * the read models over the ledger (history, portfolio, earnings, plans, liabilities), whose SQL
 * reads what the money suites above write on both. A new file runs on both. (This machine's
 * clean-clone run took 19:38 with everything on both; with sign-in and the read models on both it
 * took 13:31 here and 16:25 in CI, 2026-11-27: PGlite was a fifth of the run's CPU.)
 */
const PGLITE_SKIPS = [
  '/test/(chain|http)/',
  '/test/limits/(budgets|hash-gate|redis-policy)\\.',
  '/test/core/(auth|sessions|users|passkeys|two-factor|devices|alerts|account-lock|reset-work|payout-book|password-change|password-strength|plain-text|route-helper|upload-limits|enumeration|logout|error-logs|smtp|processes|request-limits)\\.',
  '/test/ledger/(history|portfolio|earnings|plans|liabilities)\\.',
].join('|');

/**
 * The e2e files of the second PostgreSQL half: the screens sweep (3½ minutes) and three short
 * journeys. The first half is every other file, the skew matrix (test/skew.test.ts, about 1½
 * minutes with its two builds and two products) among them.
 */
const E2E_SECOND_HALF = 'screens|payouts|phone|toasts';

/**
 * The steps, in the order they start as room frees up: in effect the two-core steps one after
 * another, and beside them the one-core steps, longest first (the browser halves), so none is left
 * to run alone at the end (scripts/steps.mjs). `cores`: what the step keeps busy when it runs;
 * jest steps get that many workers. `needs`: steps that must have passed first (the builds every
 * browser and fault test uses).
 */
const steps = [
  // Production builds of shell, remotes and server, once: e2e, faults and the bundle budget use them.
  { name: 'build', cores: 2, run: (out) => pnpm(['run', 'build'], out) },
  // One program over every package (tsconfig.typecheck.json).
  { name: 'typecheck', cores: 1, run: (out) => pnpm(['run', 'typecheck'], out) },
  // The component and unit suites of every other package, in one jest. First of the two-core suites:
  // it is the one most slowed by a busy neighbour (2:10 alone, 3:44 beside the fault tests), and
  // here its neighbour is the typecheck, then the lighter browser half.
  { name: 'components', cores: 2, run: (out, cores) => pnpm(['exec', 'jest', '--projects', ...jestPackages, `--maxWorkers=${cores}`], out) },
  // Tests under server/test/unit touch no database: they ran in the PGlite step. (The option replaces
  // jest.config.cjs's list, which leaves out test/chain: the chain steps run those.)
  {
    name: 'server (PostgreSQL)',
    cores: 2,
    run: (out, cores) =>
      withScratchDb('halcyon_test', 'the PostgreSQL suite', out, (url) =>
        pnpm(['--filter', './server', 'run', 'test', `--maxWorkers=${cores}`, '--testPathIgnorePatterns=/test/(unit|chain)/'], { ...out, env: { DATABASE_URL: url } }),
      ),
  },
  { name: 'server (PGlite)', cores: 2, run: (out, cores) => pnpm(['--filter', './server', 'run', 'test', `--maxWorkers=${cores}`, `--testPathIgnorePatterns=${PGLITE_SKIPS}`], { ...out, env: { DATABASE_URL: '' } }) },
  // Browser journeys in full on PostgreSQL, as `pnpm start` runs the product (it finds the builds
  // fresh), in two halves side by side, each with its own product, database and chains: in one
  // jest they took 11 of the run's 15 minutes, waiting on pages much of the time.
  { name: 'e2e (PostgreSQL, screens)', cores: 1, needs: ['build'], run: (out) => e2eOnPostgres('halcyon_e2e_b', out, [`test/(${E2E_SECOND_HALF})\\.test\\.ts`]) },
  {
    name: 'e2e (PostgreSQL, journeys)',
    cores: 1,
    needs: ['build'],
    run: (out) => e2eOnPostgres('halcyon_e2e_a', out, [`--testPathIgnorePatterns=/test/(${E2E_SECOND_HALF})\\.`]),
  },
  // Fault tests (bench/test): kill -9 under money load and hostile input to every route, on the
  // production build and a fresh PostgreSQL database.
  {
    name: 'faults',
    cores: 1,
    needs: ['build'],
    run: (out) => withScratchDb('halcyon_faults', 'the fault tests', out, (url) => pnpm(['--filter', './bench', 'run', 'test'], { ...out, env: { DATABASE_URL: url } })),
  },
  // Deposits credited from real local chains (server/test/chain, docs/chain.md): its jest starts
  // Anvil and litecoind once and runs the files one at a time, on each database.
  {
    name: 'chain (PostgreSQL)',
    cores: 1,
    run: (out) => withScratchDb('halcyon_chain', 'the PostgreSQL chain suite', out, (url) => pnpm(['--filter', './server', 'run', 'test:chain'], { ...out, env: { DATABASE_URL: url } })),
  },
  // After the PostgreSQL suite, the longer (payouts too), so the shorter one ends the run's tail.
  // Payouts need PostgreSQL (the signer is a process of its own), and the signer's transaction
  // builders touch no database: on PGlite the deposits' files only.
  { name: 'chain (PGlite)', cores: 1, run: (out) => pnpm(['--filter', './server', 'run', 'test:chain', '--testPathIgnorePatterns=/node_modules/|/test/chain/(payouts|signer-)'], { ...out, env: { DATABASE_URL: '' } }) },
  // Before the short steps: started last it ran alone at the end (30 s of CPU), beside nothing.
  { name: 'lint', cores: 1, run: (out) => pnpm(['run', 'lint'], out) },
  // The product on the embedded database, as the README's first command starts it (no chains
  // watched): one short journey.
  { name: 'e2e (PGlite)', cores: 1, needs: ['build'], run: (out) => pnpm(['--filter', './e2e', 'run', 'test', 'test/smoke.test.ts'], { ...out, env: { E2E_DATABASE_URL: '', E2E_CHAINS: '0' } }) },
  // Fails when the JS of /auth/login or /user/main grew more than 5 % over bench/bundle-budget.json.
  // Its product runs on a fresh PostgreSQL database: on PGlite, initdb and the migrations in wasm
  // were a third of the step's CPU, for bytes that do not depend on the database.
  {
    name: 'bundle-budget',
    cores: 1,
    needs: ['build'],
    run: (out) => withScratchDb('halcyon_budget', 'the bundle budget on PostgreSQL', out, (url) => pnpm(['--filter', './bench', 'run', 'budget'], { ...out, env: { DATABASE_URL: url } }), { orPglite: true }),
  },
  // The root scripts' own tests (node:test; named one by one: `node --test scripts/` would also run test-all.mjs).
  { name: 'scripts', cores: 1, run: (out) => run(process.execPath, ['--test', '--test-reporter=spec', 'scripts/deploy-app.test.mjs', 'scripts/steps.test.mjs'], out) },
  // Unused files, exports and dependencies (knip.json; it ignores @module-federation/enhanced in the
  // remotes: mf-shared.cjs resolves it from each app, which knip cannot see).
  { name: 'knip', cores: 1, run: (out) => pnpm(['exec', 'knip', '--no-progress'], out) },
  // Every text of the spec (../shared/spec) is in the source: a reworded message fails the run.
  { name: 'spec-texts', cores: 1, run: specTexts },
];

const results = await schedule(steps, {
  cores: availableParallelism(),
  // --skip=e2e skips every e2e step; --skip='e2e (PostgreSQL, screens)' only that one.
  skipped: (name) => skip.has(name) || skip.has(name.split(' (')[0]),
  logFile: (name) => join(logDir, `${name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.log`),
});
process.exit(results.some((r) => r.status === 'failed') ? 1 : 0);

/** The e2e files `args` selects, on a fresh PostgreSQL database named after `prefix`. */
function e2eOnPostgres(prefix, out, args) {
  return withScratchDb(prefix, 'the PostgreSQL browser journeys', out, (url) => pnpm(['--filter', './e2e', 'run', 'test', ...args], { ...out, env: { E2E_DATABASE_URL: url } }));
}

/**
 * Runs `suite` against a fresh database created and dropped here (or skips, see the header; with
 * `orPglite`, runs it on PGlite instead, given '').
 */
async function withScratchDb(prefix, what, out, suite, { orPglite = false } = {}) {
  let got;
  try {
    got = await scratchDbOrSkip(prefix, what);
  } catch (error) {
    return note(out, error.message, 1);
  }
  if (got.skip && orPglite) {
    note(out, got.skip.replace(/Skipping .*$/, 'It runs on PGlite.'), 0);
    return suite('');
  }
  if (got.skip) return note(out, got.skip, 0);
  try {
    return await suite(got.db.url);
  } finally {
    await got.db.drop();
  }
}

/** The shared spec-coverage tool (beside the checkout, as in CI); missing texts fail. */
async function specTexts(out) {
  const tool = join(root, '../shared/tools/spec-coverage.mjs');
  if (!existsSync(tool)) return note(out, `${tool} is not beside this checkout; skipped.`, 0);
  const code = await run(process.execPath, [tool], out);
  return code !== 0 || /missing:/.test(readFileSync(out.logFile, 'utf8')) ? 1 : code;
}

/** Writes a line to the step's log and returns `code`. */
function note(out, line, code) {
  appendFileSync(out.logFile, `${line}\n`);
  return code;
}
