// `pnpm bench scale` (issue 10): not in the default run (the seed alone takes minutes). Sizes,
// cases and targets: docs/bench.md "Scale".
import { Client } from 'pg';
import { expectApi, type Product } from '@halcyon/test-kit';
import { benchEnv, int } from './lib/env';
import { loginAdmin } from './lib/fixtures';
import { likePattern } from '../../server/src/db/keyset';
import { FEW_USERS, userSearchExpr } from '../../server/src/db/user-search';
import { checkInvariants } from './lib/invariants';
import { BENCH_ADMIN, startServer } from './lib/server';
import { fmt, verdict, type ResultRow } from './lib/results';
import { seedScale, type ScaleSizes } from './benchmarks/scale-seed';
import { deepCursor, measureCase, measureExport, screensToFirstRow, type CaseResult } from './benchmarks/scale';
import type { SuiteOutput } from './suites';

const log = (line: string): void => console.error(line);

const TARGET_MS = 50;
const TARGET_BYTES = 100_000;
const TARGET_SCREEN_MS = 1000;
/** Export memory: what the whole export may add to the server's RSS, and how much it may grow from its first quarter to its last. */
const TARGET_EXPORT_GROWTH_MB = 100;
const TARGET_EXPORT_DRIFT_MB = 50;
const REPEATS = int('BENCH_SCALE_REPEATS', 30);
const DEPTH = int('BENCH_SCALE_DEPTH', 1000);

const SCREENS = [
  ['/admin/allusers', 'All Users'], ['/admin/deposit-history', 'Deposit History'], ['/admin/pending-deposit', 'Pending Deposits'],
  ['/admin/withdraw-history', 'Withdraw History'], ['/admin/top-earnings', 'Top Earnings'], ['/admin/earning-history', 'Earning History'],
  ['/admin/all-history', 'All History'],
] as const;

/** The platform's size: 1M investors, 2M deposits, 200k withdrawals, 200k investments, ~5.1M transfers by default. */
function scaleSizes(): ScaleSizes {
  return {
    users: int('BENCH_SCALE_USERS', 1_000_000),
    depositsPerUser: int('BENCH_SCALE_DEPOSITS_PER_USER', 2) - 1,
    withdrawEvery: int('BENCH_SCALE_WITHDRAW_EVERY', 5),
    investEvery: int('BENCH_SCALE_INVEST_EVERY', 5),
    earningsPerInvestment: int('BENCH_SCALE_EARNINGS_PER_INVESTMENT', 20),
  };
}

/** BENCH_SCALE_DATABASE_URL, else `halcyon_scale` on PG_ADMIN_URL's server (a fixed name, so a kept one is easy to EXPLAIN on). */
function scaleDatabaseUrl(): string {
  const given = process.env.BENCH_SCALE_DATABASE_URL;
  if (given) return given;
  const url = new URL(benchEnv.pgAdminUrl);
  url.pathname = '/halcyon_scale';
  return url.toString();
}

/** Drops and recreates the database of `url` from its server's `postgres` database; returns how to drop it. */
async function freshDatabase(url: string): Promise<() => Promise<void>> {
  const server = new URL(url);
  const name = decodeURIComponent(server.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`scale: database name "${name}" is not a plain identifier`);
  server.pathname = '/postgres';
  const run = async (sql: string): Promise<void> => {
    const c = new Client({ connectionString: server.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  return () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** The server seals every transfer at start (a hash chain): measuring while it hashes millions would measure it. */
async function waitForSeals(c: Client): Promise<string> {
  const started = performance.now();
  for (;;) {
    const r = await c.query<{ sealed: string | null; last: string | null }>('SELECT (SELECT max(last_transfer) FROM ledger_seals)::text AS sealed, (SELECT max(id) FROM transfers)::text AS last');
    const { sealed, last } = r.rows[0] ?? { sealed: null, last: null };
    const seconds = (performance.now() - started) / 1000;
    if (sealed === last) return `the ledger-seal job sealed all ${last} transfers in ${seconds.toFixed(0)} s before measuring`;
    if (seconds > 900) return `the ledger-seal job had sealed up to ${sealed} of ${last} transfers after 900 s; measured while it ran`;
    await new Promise((r) => setTimeout(r, 5000));
  }
}

const count = async (c: Client, table: string): Promise<number> => Number((await c.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0]?.n ?? 0);
const day = (daysAgo: number): string => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export async function scaleSuite(): Promise<SuiteOutput> {
  const sizes = scaleSizes();
  const dbUrl = scaleDatabaseUrl();
  const drop = await freshDatabase(dbUrl);
  const c = new Client({ connectionString: dbUrl });
  let server: Product | undefined;
  try {
    // The server migrates the empty database and creates the bench admin; then the data, then the server again on it.
    server = await startServer({ databaseUrl: dbUrl });
    await server.stop();
    server = undefined;
    await c.connect();
    // Every investor gets the bench admin's password hash, so any of them can sign in with its password.
    const hash = (await c.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE role = 'admin' LIMIT 1")).rows[0]?.password_hash ?? '';
    log(`scale: seeding ${sizes.users} users into ${new URL(dbUrl).pathname.slice(1)}…`);
    const seedStart = performance.now();
    const timings = await seedScale(c, sizes, hash, log);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const tables = ['users', 'deposits', 'withdrawals', 'investments', 'transfers'] as const;
    const sized = {} as Record<(typeof tables)[number], number>;
    for (const t of tables) sized[t] = await count(c, t);
    const counts = tables.map((t) => `${t} ${sized[t].toLocaleString('en-US')}`).join(', ');
    log(`scale: ${counts}; seeded in ${seedSeconds.toFixed(0)} s`);

    // The seed bypassed the triggers, so the server's own ledger check proves the derived state consistent.
    const started = performance.now();
    const check = await checkInvariants(c);
    const checkSeconds = (performance.now() - started) / 1000;
    const problems = Object.entries(check).filter(([, v]) => Array.isArray(v) && v.length).map(([k, v]) => `${k}: ${(v as unknown[]).length}`);
    log(`scale: ledger check in ${checkSeconds.toFixed(0)} s: ${problems.length ? problems.join(', ') : 'sound'}`);

    server = await startServer({ databaseUrl: dbUrl });
    const sealNote = await waitForSeals(c);
    log(`scale: ${sealNote}`);
    const base = server.baseUrl;
    const admin = await loginAdmin(base);
    // An investor with a history: deposits, an approved investment with its earnings credits.
    const someone = (await c.query<{ id: string; email: string }>(
      "SELECT u.id, u.email FROM investments i JOIN users u ON u.id = i.uid WHERE i.status = 'approved' ORDER BY i.created_at LIMIT 1 OFFSET 200",
    )).rows[0];
    if (!someone) throw new Error('scale: no investor with an approved investment (BENCH_SCALE_USERS too small?)');
    const investor = await expectApi<{ token: string }>(base, 'POST', '/auth/login', 200, { body: { email: someone.email, password: BENCH_ADMIN.password } });
    const email = encodeURIComponent(someone.email);
    const lastMonth = `from=${day(395)}&to=${day(365)}`;

    const results: CaseResult[] = [];
    const walks: string[] = [];
    const run = async (name: string, path: string, token = admin, status = 200): Promise<void> => {
      const r = await measureCase(base, token, name, path, REPEATS, status);
      log(`scale: ${name}: p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, ${r.bytes} bytes`);
      results.push(r);
    };
    const deep = async (name: string, path: string): Promise<void> => {
      const walk = await deepCursor(base, admin, path, DEPTH, 50);
      walks.push(`${name} ${fmt(walk.msPerPage)} ms`);
      if (!walk.cursor) return log(`scale: ${name}: fewer than ${DEPTH + 1} pages of 50`);
      await run(`${name} page ${DEPTH + 1} (cursor after ${DEPTH} pages of 50)`, `${path}?cursor=${encodeURIComponent(walk.cursor)}`);
    };
    // Per admin list: first page, deep page, a filtered page, a name-fragment search (a surname
    // 5 % of investors share: the list read in order, keeping theirs) and an email search (one
    // investor: read through the list's uid index).
    const lists: Array<[string, string, string, string]> = [
      ['GET /admin/users', '/admin/users', lastMonth, 'hopper'],
      ['GET /admin/deposits/all', '/admin/deposits/all', 'status=pending', 'hopper'],
      ['GET /admin/withdrawals/all', '/admin/withdrawals/all', 'status=pending,processing', 'tanaka'],
      ['GET /admin/investments/all', '/admin/investments/all', 'sort=earnings&status=approved,processing,ended', 'okafor'],
      ['GET /admin/earnings/all', '/admin/earnings/all', `kind=credit&uid=${someone.id}`, 'okafor'],
      ['GET /admin/all-transactions', '/admin/all-transactions', 'type=deposit&status=pending', 'tanaka'],
    ];
    for (const [name, path, filter, surname] of lists) {
      await run(`${name} first page`, path);
      await deep(name, path);
      await run(`${name} filtered (${filter})`, `${path}?${filter}`);
      await run(`${name} search q=${surname}`, `${path}?q=${surname}`);
      await run(`${name} search q=<email>`, `${path}?q=${email}`);
    }
    await run(`GET /admin/deposits/all filtered (method=bitcoin&${lastMonth})`, `/admin/deposits/all?method=bitcoin&${lastMonth}`);
    // A full name matches 0.25 % of investors: more than the few looked up by id, sparse in the list.
    await run('GET /admin/deposits/all search q=grace hopper', '/admin/deposits/all?q=grace%20hopper');
    // None of them has a withdrawal: their ids are read through the uid index, never a walk of the whole list.
    await run('GET /admin/withdrawals/all search q=grace hopper (none of theirs)', '/admin/withdrawals/all?q=grace%20hopper');
    // The same investors' ledger movements are many (every one invests: ~50,000 earnings transfers).
    await run('GET /admin/all-transactions search q=grace hopper', '/admin/all-transactions?q=grace%20hopper');
    await run('GET /admin/earnings/all search q=grace hopper', '/admin/earnings/all?q=grace%20hopper');
    // By name: a full name's investors (2,500 at 1M) are sorted; a first name's (50,000) are more
    // than the server sorts, and the answer is the 400 asking to narrow it, which must be fast too.
    await run('GET /admin/users sort=name search q=grace hopper', '/admin/users?sort=name&q=grace%20hopper');
    const graces = await count(c, `users WHERE ${userSearchExpr()} LIKE '${likePattern('grace')}'`);
    const refused = graces > FEW_USERS;
    await run(`GET /admin/users sort=name search q=grace (${graces} investors${refused ? ': 400, too many to sort' : ''})`, '/admin/users?sort=name&q=grace', admin, refused ? 400 : 200);
    await run('GET /plan/all first page', '/plan/all');
    await run('GET /copyTrade first page', '/copyTrade');
    await run('GET /admin/invites first page', '/admin/invites');
    await run('investor GET /transaction/all?origin=request (the app screen)', '/transaction/all?origin=request', investor.token);
    await run('investor GET /transaction/all (requests and movements)', '/transaction/all', investor.token);
    await run('investor GET /investment/all', '/investment/all', investor.token);
    await run('investor GET /user/ledger', '/user/ledger', investor.token);
    const solvency = await measureCase(base, admin, 'GET /admin/solvency (overview figures)', '/admin/solvency', 10);

    log('scale: admin screens in Chromium…');
    const screens = await screensToFirstRow(base, BENCH_ADMIN, SCREENS);
    for (const s of screens) log(`scale: screen ${s.path}: load ${fmt(s.loadMs, 0)} ms, sidebar click ${fmt(s.clickMs, 0)} ms`);
    log('scale: exporting every deposit…');
    const exported = await measureExport(base, admin, '/admin/export/deposits', server.pid);
    log(`scale: export ${exported.rows} rows in ${fmt(exported.seconds)} s; RSS ${fmt(exported.rssBeforeMb)} / ${fmt(exported.rssPeakMb)} / ${fmt(exported.rssAfterMb)} MB`);

    const rows: ResultRow[] = [
      { benchmark: 'scale: seed', metric: 'seconds (set-based SQL, VACUUM ANALYZE included)', value: fmt(seedSeconds, 0) },
      { benchmark: 'scale: seed', metric: 'ledger check on the seeded data', value: problems.length ? problems.join(', ') : `sound (${check.transferCount} transfers)`, target: 'sound', verdict: verdict(!problems.length) },
    ];
    for (const r of results) {
      rows.push(
        { benchmark: `scale: ${r.name}`, metric: 'p50 / p95 ms', value: `${fmt(r.p50)} / ${fmt(r.p95)}`, target: `p95 ≤ ${TARGET_MS}`, verdict: verdict(r.p95 <= TARGET_MS) },
        { benchmark: `scale: ${r.name}`, metric: 'bytes', value: String(r.bytes), target: `≤ ${TARGET_BYTES}`, verdict: verdict(r.bytes <= TARGET_BYTES) },
      );
    }
    rows.push({ benchmark: `scale: ${solvency.name}`, metric: 'p50 / p95 ms (context: an aggregate, not a list)', value: `${fmt(solvency.p50)} / ${fmt(solvency.p95)}` });
    for (const s of screens) {
      rows.push(
        { benchmark: `scale: screen ${s.path}`, metric: 'navigation start → first table row, ms (full load)', value: fmt(s.loadMs, 0), target: `≤ ${TARGET_SCREEN_MS}`, verdict: verdict(s.loadMs <= TARGET_SCREEN_MS) },
        { benchmark: `scale: screen ${s.path}`, metric: 'sidebar click → first table row, ms', value: fmt(s.clickMs, 0), target: `≤ ${TARGET_SCREEN_MS}`, verdict: verdict(s.clickMs <= TARGET_SCREEN_MS) },
      );
    }
    const growth = exported.rssPeakMb - exported.rssBeforeMb;
    const drift = exported.rssLateMb - exported.rssEarlyMb;
    const exportName = 'scale: export /admin/export/deposits';
    rows.push(
      { benchmark: exportName, metric: 'CSV rows read to the end', value: String(exported.rows), target: `= ${sized.deposits} deposits`, verdict: verdict(exported.rows === sized.deposits) },
      { benchmark: exportName, metric: 'MB, seconds, rows/s', value: `${fmt(exported.bytes / 1e6)} MB, ${fmt(exported.seconds)} s, ${fmt(exported.rows / exported.seconds, 0)} rows/s` },
      { benchmark: exportName, metric: 'server RSS MB before / peak / after', value: `${fmt(exported.rssBeforeMb)} / ${fmt(exported.rssPeakMb)} / ${fmt(exported.rssAfterMb)}` },
      { benchmark: exportName, metric: 'RSS peak − before, MB', value: fmt(growth), target: `< ${TARGET_EXPORT_GROWTH_MB}`, verdict: verdict(Number.isFinite(growth) && growth < TARGET_EXPORT_GROWTH_MB) },
      {
        benchmark: exportName, metric: 'RSS peak, first → last quarter of the export, MB', value: `${fmt(exported.rssEarlyMb)} → ${fmt(exported.rssLateMb)}`,
        target: `flat (< ${TARGET_EXPORT_DRIFT_MB} MB growth)`, verdict: verdict(Number.isFinite(drift) && drift < TARGET_EXPORT_DRIFT_MB),
      },
    );
    return {
      rows,
      notes: [
        `scale: ${counts}; seeded by SQL in ${fmt(seedSeconds, 0)} s (${timings.map(([n, s]) => `${n} ${fmt(s, 0)} s`).join(', ')}); ledger check ${fmt(checkSeconds, 0)} s.`,
        `scale: ${sealNote}.`,
        `scale: ${REPEATS} sequential calls per case after 2 warm-ups, one admin; bytes = the largest answer. Measured investor ${someone.id}.`,
        `scale: deep pages: the cursor after ${DEPTH} pages of 50, walked once; mean ms per page of that walk: ${walks.join(', ')}.`,
        `scale: screens: Chromium at 1440×900, signed in once; in-page clock (navigation start, or the sidebar click, → the first animation frame with a data row of the screen's table).`,
        ...screens.slice(0, 2).map((s) => `scale: full load of ${s.path}, its requests (start → end ms after navigation start): ${s.boot}.`),
      ],
    };
  } finally {
    await server?.stop();
    await c.end().catch(() => undefined);
    if (process.env.BENCH_SCALE_KEEP) log(`scale: kept ${dbUrl}`);
    else await drop();
  }
}
