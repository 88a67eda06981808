// `pnpm bench scale` (issue 10): not in the default run (the seed alone takes minutes). Sizes by
// environment: BENCH_SCALE_USERS (default 1,000,000; deposits are 2 per user, transfers ~5 per user).
import { Client } from 'pg';
import { createScratchDb, type Product } from '@halcyon/test-kit';
import { benchEnv } from './lib/env';
import { loginAdmin } from './lib/fixtures';
import { BENCH_ADMIN, startServer } from './lib/server';
import { fmt, verdict, type ResultRow } from './lib/results';
import { seedScale, type ScaleSizes } from './benchmarks/scale-seed';
import { deepCursor, measureCase, measureExport, screensToFirstRow, type CaseResult } from './benchmarks/scale';
import type { SuiteOutput } from './suites';

const log = (line: string): void => console.error(line);
const num = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);

const TARGET_MS = 50;
const TARGET_BYTES = 100_000;
const TARGET_SCREEN_MS = 1000;
const REPEATS = num('BENCH_SCALE_REPEATS', 30);
const DEPTH = num('BENCH_SCALE_DEPTH', 1000);

const SCREENS = [
  ['/admin/allusers', 'All Users'], ['/admin/deposit-history', 'Deposit History'], ['/admin/pending-deposit', 'Pending Deposits'],
  ['/admin/withdraw-history', 'Withdraw History'], ['/admin/top-earnings', 'Top Earnings'], ['/admin/all-history', 'All History'],
] as const;

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

export async function scaleSuite(): Promise<SuiteOutput> {
  const users = num('BENCH_SCALE_USERS', 1_000_000);
  // 2 deposits per investor; with the withdrawals, investments and 20 earnings credits per approved
  // investment, about 5 transfers per investor.
  const sizes: ScaleSizes = { users, depositsPerUser: 1, withdrawEvery: 5, investEvery: 5, earningsPerInvestment: 20 };
  const db = await createScratchDb(benchEnv.pgAdminUrl, 'halcyon_scale');
  const c = new Client({ connectionString: db.url });
  let server: Product | undefined;
  try {
    // Migrations and the bench admin first, then the data, then the server again on it.
    server = await startServer({ databaseUrl: db.url });
    await server.stop();
    server = undefined;
    await c.connect();
    const hash = (await c.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE role = 'admin' LIMIT 1")).rows[0]?.password_hash ?? '';
    log(`scale: seeding ${users} users…`);
    const seedStart = performance.now();
    const timings = await seedScale(c, sizes, hash, log);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const counts = (await c.query<{ t: string; n: string }>(
      "SELECT 'users' AS t, count(*)::text AS n FROM users UNION ALL SELECT 'deposits', count(*)::text FROM deposits UNION ALL SELECT 'transfers', count(*)::text FROM transfers UNION ALL SELECT 'withdrawals', count(*)::text FROM withdrawals UNION ALL SELECT 'investments', count(*)::text FROM investments",
    )).rows.map((r) => `${r.t} ${Number(r.n).toLocaleString('en-US')}`).join(', ');
    log(`scale: ${counts}`);

    server = await startServer({ databaseUrl: db.url });
    const sealNote = await waitForSeals(c);
    log(`scale: ${sealNote}`);
    const base = server.baseUrl;
    const admin = await loginAdmin(base);
    const someone = (await c.query<{ id: string; email: string }>("SELECT id, email FROM users WHERE id = 'u1006'")).rows[0];
    if (!someone) throw new Error('scale: seeded user u1006 missing');
    const investorLogin = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: someone.email, password: BENCH_ADMIN.password }) });
    const investor = ((await investorLogin.json()) as { token: string }).token;
    const email = encodeURIComponent(someone.email);

    const results: CaseResult[] = [];
    const run = async (name: string, path: string, token = admin) => {
      const r = await measureCase(base, token, name, path, REPEATS);
      log(`scale: ${name}: p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, ${r.bytes} bytes`);
      results.push(r);
    };
    const deep = async (name: string, path: string) => {
      const cursor = await deepCursor(base, admin, path, DEPTH, 50);
      if (!cursor) return log(`scale: ${name}: fewer than ${DEPTH} pages`);
      await run(`${name}, page ${DEPTH + 1}`, `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`);
    };
    const lists: Array<[string, string, string, string]> = [
      ['GET /admin/users', '/admin/users', '/admin/users?from=2025-06-01&to=2025-06-30', '/admin/users?q=hopper'],
      ['GET /admin/deposits/all', '/admin/deposits/all', '/admin/deposits/all?status=pending', `/admin/deposits/all?q=${email}`],
      ['GET /admin/withdrawals/all', '/admin/withdrawals/all', '/admin/withdrawals/all?status=pending,processing', '/admin/withdrawals/all?q=tanaka'],
      ['GET /admin/investments/all', '/admin/investments/all', '/admin/investments/all?sort=earnings&status=approved,processing,ended', `/admin/investments/all?q=${email}`],
      ['GET /admin/earnings/all', '/admin/earnings/all', '/admin/earnings/all?kind=credit&uid=u1006', '/admin/earnings/all?q=okafor'],
      ['GET /admin/all-transactions', '/admin/all-transactions', '/admin/all-transactions?type=deposit&status=pending', `/admin/all-transactions?q=${email}`],
    ];
    for (const [name, first, filtered, search] of lists) {
      await run(`${name} first page`, first);
      await deep(name, first);
      await run(`${name} filtered (${filtered.split('?')[1]})`, filtered);
      await run(`${name} search (${decodeURIComponent(search.split('?')[1] ?? '')})`, search);
    }
    await run('GET /admin/users by name, search "grace"', '/admin/users?sort=name&q=grace');
    await run('GET /plan/all first page', '/plan/all');
    await run('GET /copyTrade first page', '/copyTrade');
    await run('GET /admin/invites first page', '/admin/invites');
    await run('investor GET /transaction/all', '/transaction/all?origin=request', investor);
    await run('investor GET /investment/all', '/investment/all', investor);
    await run('investor GET /user/ledger', '/user/ledger', investor);
    const solvency = await measureCase(base, admin, 'GET /admin/solvency (overview figures)', '/admin/solvency', 10);

    log('scale: admin screens in Chromium…');
    const screens = await screensToFirstRow(base, BENCH_ADMIN, SCREENS);
    log('scale: exporting every deposit…');
    const exported = await measureExport(base, admin, '/admin/export/deposits', server.pid);

    const rows: ResultRow[] = results.flatMap((r) => [
      { benchmark: `scale: ${r.name}`, metric: 'p50 / p95 ms', value: `${fmt(r.p50)} / ${fmt(r.p95)}`, target: `p95 ≤ ${TARGET_MS}`, verdict: verdict(r.p95 <= TARGET_MS) },
      { benchmark: `scale: ${r.name}`, metric: 'bytes', value: String(r.bytes), target: `≤ ${TARGET_BYTES}`, verdict: verdict(r.bytes <= TARGET_BYTES) },
    ]);
    rows.push({ benchmark: `scale: ${solvency.name}`, metric: 'p50 / p95 ms (context: an aggregate, not a list)', value: `${fmt(solvency.p50)} / ${fmt(solvency.p95)}` });
    for (const s of screens) {
      rows.push(
        { benchmark: `scale: screen ${s.path}`, metric: 'sidebar click → first table row, ms (Chromium)', value: fmt(s.clickMs, 0), target: `≤ ${TARGET_SCREEN_MS}`, verdict: verdict(s.clickMs <= TARGET_SCREEN_MS) },
        { benchmark: `scale: screen ${s.path}`, metric: 'full page load → first table row, ms (context)', value: fmt(s.loadMs, 0) },
      );
    }
    const growth = exported.rssLateMb - exported.rssEarlyMb;
    rows.push(
      { benchmark: 'scale: export /admin/export/deposits', metric: 'rows, MB, s', value: `${exported.rows} rows, ${fmt(exported.bytes / 1e6)} MB, ${fmt(exported.seconds)} s` },
      { benchmark: 'scale: export /admin/export/deposits', metric: 'server RSS MB before / peak / after', value: `${fmt(exported.rssBeforeMb)} / ${fmt(exported.rssPeakMb)} / ${fmt(exported.rssAfterMb)}` },
      {
        benchmark: 'scale: export /admin/export/deposits', metric: 'RSS peak, first vs last quarter of the export (MB)', value: `${fmt(exported.rssEarlyMb)} → ${fmt(exported.rssLateMb)}`,
        target: 'flat (< 50 MB growth)', verdict: verdict(Number.isFinite(growth) && growth < 50),
      },
    );
    return {
      rows,
      notes: [
        `scale: ${counts}; seeded by SQL in ${fmt(seedSeconds, 0)} s (${timings.map(([n, s]) => `${n} ${fmt(s, 0)} s`).join(', ')}).`,
        `scale: ${sealNote}.`,
        `scale: ${REPEATS} sequential calls per case after 2 warm-ups; deep pages: the cursor after ${DEPTH} pages of 50, walked once.`,
      ],
    };
  } finally {
    await server?.stop();
    await c.end().catch(() => undefined);
    if (!process.env.BENCH_SCALE_KEEP) await db.drop();
  }
}
