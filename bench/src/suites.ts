// The benchmarks as suites: each runs, returns table rows and notes for RESULTS.md.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { benchEnv } from './lib/env';
import { createScratchDb, type Product } from '@halcyon/test-kit';
import { startServer } from './lib/server';
import { fmt, verdict, type ResultRow } from './lib/results';
import { runPgbench, type PgbenchResult } from './benchmarks/pgbench';
import { runMoneyMoves, type MoneyResult } from './benchmarks/money';
import { runReadPath } from './benchmarks/read';
import { measureBundles } from './benchmarks/bundle-suite';
import { PAGES, TARGET_BYTES, TARGET_LCP_MS, readBudget, type PageName } from './lib/budget';

export interface SuiteOutput {
  rows: ResultRow[];
  notes: string[];
}

const log = (line: string): void => console.error(line);
const statusNote = (name: string, r: MoneyResult | { statusCodes: Record<string, number>; errors: number }): string =>
  `${name}: status codes ${JSON.stringify(r.statusCodes)}, socket errors ${r.errors}`;

/** Shared state so `pnpm bench` reuses one pgbench baseline and one set of investors. */
interface RunState {
  pgbench?: PgbenchResult;
}
const state: RunState = {};

async function pgbenchBaseline(): Promise<PgbenchResult> {
  if (!state.pgbench) {
    log(`pgbench: scale ${benchEnv.clients}, ${benchEnv.clients} clients, ${benchEnv.seconds} s × ${benchEnv.repeats}…`);
    state.pgbench = await runPgbench({ adminUrl: benchEnv.pgAdminUrl, clients: benchEnv.clients, seconds: benchEnv.seconds, repeats: benchEnv.repeats });
  }
  return state.pgbench;
}

async function withPostgresServer<T>(fn: (server: Product, dbUrl: string) => Promise<T>): Promise<T> {
  const db = await createScratchDb(benchEnv.pgAdminUrl, 'halcyon_bench');
  let server: Product | undefined;
  try {
    server = await startServer({ databaseUrl: db.url });
    return await fn(server, db.url);
  } finally {
    await server?.stop();
    await db.drop();
  }
}

function moneyRows(label: string, money: MoneyResult, baseline: PgbenchResult): ResultRow[] {
  const ratio = money.okPerSecond / baseline.median;
  return [
    { benchmark: label, metric: 'transfers/s (2xx money moves)', value: fmt(money.okPerSecond) },
    { benchmark: label, metric: 'latency p50 / p99 ms', value: `${money.p50ms} / ${money.p99ms}` },
    { benchmark: label, metric: 'transfers/s ÷ pgbench tps', value: fmt(ratio, 2), target: '≥ 0.5', verdict: verdict(ratio >= 0.5) },
  ];
}

export async function ledgerSuite(): Promise<SuiteOutput> {
  const baseline = await pgbenchBaseline();
  log('money moves on PostgreSQL…');
  return withPostgresServer(async (server) => {
    const { result } = await runMoneyMoves({ base: server.baseUrl, clients: benchEnv.clients, seconds: benchEnv.seconds, users: benchEnv.users, tag: 'pg', log });
    return {
      rows: [
        { benchmark: 'pgbench TPC-B-like', metric: `tps, median of ${baseline.runs.length}`, value: fmt(baseline.median), target: '' },
        ...moneyRows('money moves, PostgreSQL', result, baseline),
      ],
      notes: [
        `pgbench: scale ${baseline.scale}, ${baseline.clients} clients, -j 2, ${baseline.seconds} s per run, runs ${baseline.runs.map((t) => fmt(t)).join(' / ')} tps.`,
        `money moves: ${benchEnv.clients} connections, ${benchEnv.seconds} s, ${benchEnv.users} investors, mix ${result.approvals} approvals + ${result.withdrawals} withdrawals sent.`,
        statusNote('money moves (PostgreSQL)', result),
      ],
    };
  });
}

async function vacuum(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

export async function readSuite(): Promise<SuiteOutput> {
  log('read path: investors with ledger history, then GET /api/user/profile vs hello-world…');
  return withPostgresServer(async (server, dbUrl) => {
    // Short money run first so every profile is derived from real ledger history.
    const { investors } = await runMoneyMoves({ base: server.baseUrl, clients: benchEnv.clients, seconds: Math.min(10, benchEnv.seconds), users: benchEnv.users, tag: 'read', log });
    // The reads are measured on a settled database: without this, autovacuum cleans up after the
    // money run during the reads and bills them for it (about 20 % of PostgreSQL's CPU per read).
    await vacuum(dbUrl);
    const r = await runReadPath(server.baseUrl, investors, benchEnv.clients, benchEnv.seconds, dbUrl);
    const perQuery = r.helloDb ? r.profile.okPerSecond / r.helloDb.okPerSecond : NaN;
    return {
      rows: [
        { benchmark: 'read path', metric: 'GET /api/user/profile req/s (2xx)', value: fmt(r.profile.okPerSecond) },
        { benchmark: 'read path', metric: 'bare Fastify hello-world req/s', value: fmt(r.hello.okPerSecond) },
        { benchmark: 'read path', metric: 'Fastify + one SELECT 1 req/s', value: fmt(r.helloDb?.okPerSecond ?? NaN) },
        { benchmark: 'read path', metric: 'profile ÷ one-query baseline', value: fmt(perQuery, 2), target: '≥ 0.4', verdict: verdict(perQuery >= 0.4) },
        // Retired as a target by issue 11 (a request with two round trips cannot reach a bare hello-world).
        { benchmark: 'read path', metric: 'profile ÷ hello-world (context)', value: fmt(r.ratio, 2) },
      ],
      notes: [statusNote('profile reads', r.profile), `profile p50 / p99 ${r.profile.p50ms} / ${r.profile.p99ms} ms; hello p50 / p99 ${r.hello.p50ms} / ${r.hello.p99ms} ms.`],
    };
  });
}

export async function pgliteSuite(): Promise<SuiteOutput> {
  const baseline = await pgbenchBaseline();
  log('money moves on PGlite…');
  const dataDir = mkdtempSync(join(tmpdir(), 'halcyon-bench-pglite-'));
  const server = await startServer({ dataDir });
  try {
    const { result } = await runMoneyMoves({ base: server.baseUrl, clients: benchEnv.clients, seconds: benchEnv.seconds, users: benchEnv.users, tag: 'pglite', log });
    const ratio = result.okPerSecond / baseline.median;
    return {
      rows: [
        { benchmark: 'money moves, PGlite', metric: 'transfers/s (2xx money moves)', value: fmt(result.okPerSecond) },
        { benchmark: 'money moves, PGlite', metric: 'latency p50 / p99 ms', value: `${result.p50ms} / ${result.p99ms}` },
        { benchmark: 'money moves, PGlite', metric: 'transfers/s ÷ pgbench tps (PostgreSQL)', value: fmt(ratio, 2) },
      ],
      notes: [statusNote('money moves (PGlite)', result)],
    };
  } finally {
    await server.stop();
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function bundlesSuite(): Promise<SuiteOutput & { measured: Record<PageName, number> }> {
  log('bundles: loading /auth/login and /user/main in Chromium…');
  const pages = await measureBundles();
  const record = readBudget();
  const rows: ResultRow[] = [];
  const notes: string[] = [];
  for (const name of Object.keys(PAGES) as PageName[]) {
    const p = pages[name];
    const kb = p.gzipBytes / 1000;
    rows.push({ benchmark: `bundle ${PAGES[name]}`, metric: 'JS gzip KB (same origin)', value: fmt(kb), target: `≤ ${TARGET_BYTES[name] / 1000}`, verdict: verdict(p.gzipBytes <= TARGET_BYTES[name]) });
    if (record) {
      const growth = (p.gzipBytes / record.gzipBytes[name] - 1) * 100;
      rows.push({ benchmark: `bundle ${PAGES[name]}`, metric: 'vs bench/bundle-budget.json', value: `${growth >= 0 ? '+' : ''}${fmt(growth)} %`, target: '≤ +5 %', verdict: verdict(growth <= 5) });
    }
    rows.push({ benchmark: `bundle ${PAGES[name]}`, metric: 'lab LCP ms, 4× CPU slowdown', value: p.lcpMs === null ? 'none reported' : fmt(p.lcpMs, 0), target: `≤ ${TARGET_LCP_MS}`, verdict: p.lcpMs === null ? 'NOT met' : verdict(p.lcpMs <= TARGET_LCP_MS) });
    notes.push(`${PAGES[name]} scripts: ${p.scripts.map((s) => `${s.url} ${fmt(s.gzipBytes / 1000)} KB`).join(', ')}`);
  }
  return { rows, notes, measured: { login: pages.login.gzipBytes, dashboard: pages.dashboard.gzipBytes } };
}
