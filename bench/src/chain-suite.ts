// `pnpm bench chain` (issue 26): the chain follower's throughput with 1,000,000 derived addresses,
// and block-to-credit latency with the server following the chains. Not in the default run. Method,
// sizes and how the targets come from mainnet: docs/bench.md "Chain".
import { Client } from 'pg';
import { createScratchDb } from '@halcyon/test-kit';
import { chainServerEnv, platformXpubs, startChainNodes, type ChainNodes } from '@halcyon/test-kit/chain';
import { openPostgres } from '../../server/src/db/postgres';
import { benchEnv, int } from './lib/env';
import { setPlatformKeys, type QuoteMethod } from './lib/chain';
import { loginAdmin, registerInvestors } from './lib/fixtures';
import { fmt, verdict, type ResultRow } from './lib/results';
import { startServer } from './lib/server';
import { bitcoinAddresses, seedAddresses } from './benchmarks/chain-seed';
import { followersAtTips, measureThroughput, type ThroughputCase } from './benchmarks/chain-follow';
import { measureLatency, type LatencySamples } from './benchmarks/chain-latency';
import type { SuiteOutput } from './suites';

const stderr = (line: string): void => console.error(line);

/** The platform's keys in this benchmark; account 1's Bitcoin addresses are the payments to no investor. */
const MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

/**
 * Mainnet, which the targets are ten times of (docs/bench.md "Chain" names the sources):
 * Bitcoin one block per 600 s with up to ~7,000 outputs; BSC one block per 0.45 s since the Fermi
 * hard fork (BEP-619, January 2026; 0.75 s after Maxwell, June 2025), and at most ~225 USDT
 * Transfer logs per second (19.4 M on its busiest day in 2025; 10–15 M a day since).
 */
const MAINNET = { btcBlockSeconds: 600, btcOutputsPerBlock: 7_000, bscBlockSeconds: 0.45, bscUsdtLogsPerSecond: 225 } as const;
const FACTOR = 10;
const TARGET = {
  btcBlocks: (FACTOR / MAINNET.btcBlockSeconds),
  btcOutputs: (FACTOR * MAINNET.btcOutputsPerBlock) / MAINNET.btcBlockSeconds,
  bscBlocks: FACTOR / MAINNET.bscBlockSeconds,
  bscLogs: FACTOR * MAINNET.bscUsdtLogsPerSecond,
};

export interface ChainSizes {
  addresses: number;
  payees: number;
  blocks: number;
  btcOutputs: number;
  bscTransfers: number;
  samples: number;
  confirmations: number;
  pollMs: number;
}

function chainSizes(): ChainSizes {
  return {
    addresses: int('BENCH_CHAIN_ADDRESSES', 1_000_000),
    payees: int('BENCH_CHAIN_PAYEES', 1_000),
    blocks: int('BENCH_CHAIN_BLOCKS', 10),
    btcOutputs: int('BENCH_CHAIN_BTC_OUTPUTS', 5_000),
    bscTransfers: int('BENCH_CHAIN_BSC_TRANSFERS', 400),
    samples: int('BENCH_CHAIN_SAMPLES', 10),
    confirmations: Math.max(2, int('BENCH_CHAIN_CONFIRMATIONS', 3)),
    pollMs: Math.max(100, int('BENCH_CHAIN_POLL_MS', 250)),
  };
}

/** Nearest-rank percentile of `xs` (p in 0–1). */
const percentile = (xs: number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
};

function throughputRows(cases: ThroughputCase[], s: ChainSizes): ResultRow[] {
  const rows: ResultRow[] = [];
  for (const c of cases) {
    const btc = c.chain === 'bitcoin';
    const bench = `chain follower, ${btc ? 'Bitcoin' : 'BSC USDT'}, ${c.matches ? 'every payment an investor\'s' : 'no investor paid'}`;
    const per = btc ? `${s.btcOutputs} payment outputs/block` : `${s.bscTransfers} Transfer logs/block`;
    const blocksTarget = btc ? TARGET.btcBlocks : TARGET.bscBlocks;
    const outputsTarget = btc ? TARGET.btcOutputs : TARGET.bscLogs;
    rows.push({ benchmark: bench, metric: `blocks/s (${per})`, value: fmt(c.blocksPerSecond, 2), target: `≥ ${fmt(blocksTarget, btc ? 3 : 1)}`, verdict: verdict(c.blocksPerSecond >= blocksTarget) });
    rows.push({ benchmark: bench, metric: btc ? 'outputs read/s' : 'Transfer logs read/s', value: fmt(c.outputsPerSecond, 0), target: `≥ ${fmt(outputsTarget, 0)}`, verdict: verdict(c.outputsPerSecond >= outputsTarget) });
    if (c.matches) rows.push({ benchmark: bench, metric: 'payments recorded/s', value: fmt(c.paymentsPerSecond, 0), target: `≥ ${fmt(outputsTarget, 0)}`, verdict: verdict(c.paymentsPerSecond >= outputsTarget) });
  }
  return rows;
}

const CHAIN_NAME: Record<QuoteMethod, string> = { bitcoin: 'Bitcoin', ethereum: 'Ethereum', usdt: 'BSC USDT' };

function latencyRows(all: LatencySamples[]): ResultRow[] {
  return all.map((l) => ({
    benchmark: `block-to-credit latency, ${CHAIN_NAME[l.method]}`,
    metric: `ms from the confirming block to the credit, median / p95 of ${l.samples.length}`,
    value: `${fmt(percentile(l.samples, 0.5), 0)} / ${fmt(percentile(l.samples, 0.95), 0)}`,
  }));
}

async function withNodes<T>(fn: (nodes: ChainNodes) => Promise<T>): Promise<T> {
  const nodes = await startChainNodes();
  try {
    return await fn(nodes);
  } finally {
    await nodes.stop();
  }
}

export interface ChainBenchResult {
  seedSeconds: number;
  cases: ThroughputCase[];
  latency: LatencySamples[];
}

/** The whole benchmark at sizes `s`, on nodes and a database of its own (both gone afterwards); progress to `log`. */
export async function runChainBench(s: ChainSizes, log: (line: string) => void = stderr): Promise<ChainBenchResult> {
  const keys = platformXpubs(MNEMONIC, 0);
  const strangers = bitcoinAddresses(platformXpubs(MNEMONIC, 1).bitcoinXpub, 0, Math.min(1000, s.btcOutputs)).map((a) => a.address);
  log(`chain: ${s.addresses} addresses, ${s.blocks} blocks per case, ${s.btcOutputs} BTC outputs or ${s.bscTransfers} USDT transfers per block, ${s.samples} latency samples per chain…`);
  return withNodes(async (nodes) => {
    const scratch = await createScratchDb(benchEnv.pgAdminUrl, 'halcyon_chain_bench');
    const client = new Client({ connectionString: scratch.url });
    try {
      // The server runs its migrations once (no chain watched yet), then the addresses are written.
      await (await startServer({ databaseUrl: scratch.url, env: { LOG_LEVEL: 'warn' } })).stop();
      await client.connect();
      const seeding = performance.now();
      const payees = await seedAddresses(client, { total: s.addresses, payees: s.payees, keys });
      const seedSeconds = (performance.now() - seeding) / 1000;
      log(`chain: ${s.addresses} addresses written in ${seedSeconds.toFixed(1)} s`);

      // (a) The follower in this process, on the server's own database driver.
      const db = openPostgres({ url: scratch.url, poolSize: 4 });
      const cases: ThroughputCase[] = [];
      try {
        const o = {
          nodes, db, blocks: s.blocks, btcOutputs: s.btcOutputs, bscTransfers: s.bscTransfers, confirmations: s.confirmations, log,
          btcPayees: payees.map((p) => p.bitcoin.address), evmPayees: payees.map((p) => p.evm.address), btcStrangers: strangers,
        };
        for (const chain of ['bitcoin', 'bsc'] as const) for (const matches of [false, true]) cases.push(await measureThroughput(o, chain, matches));
        // Its payments would be credited by the server's follower below: they go, and every follower starts at the tip.
        await followersAtTips(db, nodes);
      } finally {
        await db.close();
      }

      // (b) The server's follower jobs, every chain watched.
      // The reserves job off: it reads every investor address's balance, not what is measured here.
      const env = { ...chainServerEnv(nodes.description, { confirmations: s.confirmations, pollMs: s.pollMs }), CHAIN_RESERVES_INTERVAL_MS: '0', LOG_LEVEL: 'warn' };
      const server = await startServer({ databaseUrl: scratch.url, env });
      const latency: LatencySamples[] = [];
      try {
        const admin = await loginAdmin(server.baseUrl);
        await setPlatformKeys(server.baseUrl, admin, keys);
        const [investor] = await registerInvestors(server.baseUrl, 1, `chain${Date.now()}`);
        if (!investor) throw new Error('chain: no investor');
        // Fresh rounds: the feeds' first ones date from the nodes' start, and quotes refuse old prices.
        const now = BigInt(Math.floor(Date.now() / 1000));
        await nodes.setPrice('btc', 60_000n * 10n ** 8n, now);
        await nodes.setPrice('eth', 3_000n * 10n ** 8n, now);
        for (const method of ['bitcoin', 'ethereum', 'usdt'] as const) {
          latency.push(await measureLatency({ nodes, db: client, base: server.baseUrl, investor, confirmations: s.confirmations, samples: s.samples, log }, method));
        }
      } finally {
        await server.stop();
      }
      return { seedSeconds, cases, latency };
    } finally {
      await client.end().catch(() => undefined);
      await scratch.drop();
    }
  });
}

export async function chainSuite(): Promise<SuiteOutput> {
  const s = chainSizes();
  const { seedSeconds, cases, latency } = await runChainBench(s);
  return {
    rows: [...throughputRows(cases, s), ...latencyRows(latency)],
    notes: [
      `chain: ${s.addresses} rows in deposit_addresses (${2 * s.payees} derived for ${s.payees} payees, the rest synthetic), written in ${seedSeconds.toFixed(1)} s; ${s.blocks} blocks per throughput case; the follower job's settings (chain-jobs.ts); litecoind regtest and Anvil on this machine.`,
      `chain throughput cases: ${cases.map((c) => `${c.chain}${c.matches ? ' (matches)' : ''}: ${c.blocks} blocks, ${c.outputs} outputs, ${c.payments} payments in ${c.seconds.toFixed(2)} s`).join('; ')}.`,
      `chain targets, 10× mainnet: Bitcoin 1 block / ${MAINNET.btcBlockSeconds} s with ${MAINNET.btcOutputsPerBlock} outputs; BSC 1 block / ${MAINNET.bscBlockSeconds} s (Fermi) with ${MAINNET.bscUsdtLogsPerSecond} USDT Transfer logs/s (docs/bench.md "Chain").`,
      `chain latency: ${s.confirmations} confirmations, CHAIN_POLL_MS=${s.pollMs}, JOB_POLL_INTERVAL_MS=500; samples (ms): ${latency.map((l) => `${l.method} ${l.samples.map((x) => x.toFixed(0)).join(', ')}`).join('; ')}.`,
    ],
  };
}
