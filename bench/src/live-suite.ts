// `pnpm bench live` (issue 29 item 2): 10,000 open dashboards following GET /api/user/live on one
// server process on PostgreSQL, against one open stream in the same run.
import { createScratchDb } from '@halcyon/test-kit';
import { benchEnv, int } from './lib/env';
import { loginAdmin, registerInvestors } from './lib/fixtures';
import { fmt, verdict, type ResultRow } from './lib/results';
import { startServer } from './lib/server';
import { decisionLatencies, openStreams, processUsage } from './benchmarks/live';
import type { SuiteOutput } from './suites';

const log = (line: string) => console.error(line);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? NaN;

export async function liveSuite(): Promise<SuiteOutput> {
  const dashboards = int('BENCH_LIVE_STREAMS', 10_000);
  // Ten tabs per investor at most (the route's cap): a thousand investors for ten thousand streams.
  const perInvestor = 10;
  const decisions = int('BENCH_LIVE_DECISIONS', 30);
  const idleSeconds = int('BENCH_LIVE_IDLE_SECONDS', 30);
  const scratch = await createScratchDb(benchEnv.pgAdminUrl, 'halcyon_live_bench');
  let server = await startServer({ databaseUrl: scratch.url, env: { LOG_LEVEL: 'warn' } });
  try {
    const count = Math.ceil(dashboards / perInvestor);
    log(`live: registering ${count} investors…`);
    const investors = await registerInvestors(server.baseUrl, count, `live${Date.now()}`, 8);
    // A fresh process for the measurements: the registrations' garbage would hide what the
    // streams take (RSS fell while 10,000 opened). Tokens stay valid (a fixed secret).
    await server.stop();
    server = await startServer({ databaseUrl: scratch.url, env: { LOG_LEVEL: 'warn' } });
    const base = server.baseUrl;
    const admin = await loginAdmin(base);

    // Baseline: one open stream, one investor at a time.
    const one = await openStreams(base, investors.slice(0, 1), 1);
    const baseline: number[] = [];
    for (let i = 0; i < decisions; i++) baseline.push(...(await decisionLatencies(base, admin, one, investors.slice(0, 1))));
    one.close();
    await sleep(1000);

    await sleep(2000);
    const before = processUsage(server.pid);
    log(`live: opening ${dashboards} streams…`);
    const openedAt = performance.now();
    const all = await openStreams(base, investors, perInvestor);
    const openSeconds = (performance.now() - openedAt) / 1000;
    await sleep(2000);
    const loaded = processUsage(server.pid);
    log(`live: ${all.open} open; idle for ${idleSeconds} s…`);
    await sleep(idleSeconds * 1000);
    const idle = processUsage(server.pid);
    const latencies = await decisionLatencies(base, admin, all, investors.slice(0, decisions));
    all.close();

    const perStreamKb = ((loaded.rssMb - before.rssMb) * 1024) / all.open;
    const idleCpu = ((idle.cpuSeconds - loaded.cpuSeconds) / idleSeconds) * 100;
    const ratio = median(latencies) / median(baseline);
    const rows: ResultRow[] = [
      { benchmark: 'live changes, PostgreSQL', metric: 'decision → page told, median ms, 1 stream open', value: fmt(median(baseline)) },
      { benchmark: 'live changes, PostgreSQL', metric: `decision → page told, median / p95 ms, ${all.open} streams open`, value: `${fmt(median(latencies))} / ${fmt(p95(latencies))}`, target: '≤ 5000 (issue 29)', verdict: verdict(p95(latencies) <= 5000) },
      { benchmark: 'live changes, PostgreSQL', metric: `median latency, ${all.open} streams / 1`, value: `${fmt(ratio, 2)}×` },
      { benchmark: 'live changes, PostgreSQL', metric: `server RSS MB, before / with ${all.open} streams open`, value: `${fmt(before.rssMb)} / ${fmt(loaded.rssMb)}` },
      { benchmark: 'live changes, PostgreSQL', metric: 'server memory per open stream, KB', value: fmt(perStreamKb) },
      { benchmark: 'live changes, PostgreSQL', metric: `server CPU while ${all.open} streams idle, % of a core`, value: fmt(idleCpu) },
      { benchmark: 'live changes, PostgreSQL', metric: `time to open ${all.open} streams, s`, value: fmt(openSeconds) },
    ];
    return {
      rows,
      notes: [
        `live: one server process on PostgreSQL; ${count} investors with ${perInvestor} streams each (the route's cap), each on its own socket from one client process on the same machine; ${decisions} deposit approvals one at a time, each timed from the PATCH's start to the first of its investor's streams hearing 'change'; baseline: the same with one stream open. Idle CPU over ${idleSeconds} s (heartbeats every 25 s).`,
      ],
    };
  } finally {
    await server.stop();
    await scratch.drop();
  }
}
