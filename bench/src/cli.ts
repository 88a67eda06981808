// `pnpm bench [suite…]`: runs the named suites (default all), prints one table and appends it,
// dated with the core count, to bench/RESULTS.md. Suites: ledger, read, pglite, bundles, lighthouse
// (issue 32: Lighthouse's mobile preset on the login and the dashboard), and, only
// when named, scale (issue 10's million-row platform: minutes of seeding) and reset (issue 30 item
// 4: forgot_password's timing for known and unknown emails) and chain (issue 26: the chain follower
// with 1M addresses, block-to-credit latency) and live (issue 29: 10,000 open dashboards on GET
// /api/user/live).
import { benchEnv } from './lib/env';
import { ensureBuilt } from './lib/build';
import { appendResults, printTable, type ResultRow } from './lib/results';
import { bundlesSuite, ledgerSuite, lighthouseSuite, pgliteSuite, readSuite, resetSuite, type SuiteOutput } from './suites';
import { scaleSuite } from './scale-suite';
import { chainSuite } from './chain-suite';
import { liveSuite } from './live-suite';

const SUITES: Record<string, () => Promise<SuiteOutput>> = { ledger: ledgerSuite, read: readSuite, pglite: pgliteSuite, bundles: bundlesSuite, lighthouse: lighthouseSuite, scale: scaleSuite, reset: resetSuite, chain: chainSuite, live: liveSuite };
const DEFAULT = ['ledger', 'read', 'pglite', 'bundles', 'lighthouse'];
/** Suites that load the frontends in a browser, so the shell and both remotes must be built. */
const FRONTEND = ['bundles', 'lighthouse', 'scale'];

async function main(): Promise<void> {
  const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const chosen = names.length ? names : DEFAULT;
  const unknown = chosen.filter((n) => !SUITES[n]);
  if (unknown.length) throw new Error(`unknown suite(s) ${unknown.join(', ')}; choose from ${Object.keys(SUITES).join(', ')}`);
  await ensureBuilt(chosen.some((n) => FRONTEND.includes(n)) ? ['server', 'shell', 'user-app', 'admin-app'] : ['server']);
  const rows: ResultRow[] = [];
  const notes: string[] = [`settings: BENCH_SECONDS=${benchEnv.seconds}, BENCH_CLIENTS=${benchEnv.clients}, BENCH_USERS=${benchEnv.users}, BENCH_REPEATS=${benchEnv.repeats}.`];
  // Another build (a before/after comparison) is named, so its results are not taken for this tree's.
  if (process.env.BENCH_SERVER_MAIN) notes.push(`server build: BENCH_SERVER_MAIN=${process.env.BENCH_SERVER_MAIN}.`);
  for (const name of chosen) {
    const out = await (SUITES[name] as () => Promise<SuiteOutput>)();
    rows.push(...out.rows);
    notes.push(...out.notes);
    console.error(`${name}: done`);
  }
  printTable(rows);
  appendResults(chosen.join(' + '), rows, notes);
  console.log(`\nAppended to bench/RESULTS.md.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
