// Block-to-credit latency (docs/bench.md "Chain"): with the server following the chains as its
// jobs do, a quote is paid and given all but its last confirmation; once the follower has seen the
// payment, the block that gives the last one is mined, and the time until the deposit is approved
// (read from the database every few milliseconds) is one sample.
import type { Client } from 'pg';
import type { ChainNodes } from '@halcyon/test-kit/chain';
import { createQuote, payQuote, type QuoteMethod } from '../lib/chain';
import type { Investor } from '../lib/fixtures';

export interface LatencySamples {
  method: QuoteMethod;
  /** ms from the confirming block's mining (its RPC answered) to the deposit approved. */
  samples: number[];
}

export interface LatencyOptions {
  nodes: ChainNodes;
  db: Client;
  base: string;
  investor: Investor;
  confirmations: number;
  samples: number;
  log: (line: string) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Longer than a follower period (a job per chain each second at most, found within 500 ms). */
const JITTER_MS = 2_000;
const CHAIN_OF: Record<QuoteMethod, 'bitcoin' | 'ethereum' | 'bsc'> = { bitcoin: 'bitcoin', ethereum: 'ethereum', usdt: 'bsc' };

/** Mines `n` blocks on the chain `method` pays on; returns its tip afterwards. */
async function mine(nodes: ChainNodes, method: QuoteMethod, n: number): Promise<number> {
  const chain = CHAIN_OF[method];
  return chain === 'bitcoin' ? (await nodes.mineBtc(n)).height : (await nodes.mineEvm(chain, n)).height;
}

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>, everyMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`chain latency: ${what} not within ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

/** `o.samples` samples for `method`, one after the other (nothing else happens on the chains meanwhile). */
export async function measureLatency(o: LatencyOptions, method: QuoteMethod): Promise<LatencySamples> {
  const chain = CHAIN_OF[method];
  const samples: number[] = [];
  for (let i = 0; i < o.samples; i++) {
    const quote = await createQuote(o.base, o.investor, method, 20 + i);
    await payQuote(o.nodes, quote);
    if (o.confirmations < 2) throw new Error('chain latency: the payment needs 2 confirmations or more (its own block, then the one measured)');
    const tip = await mine(o.nodes, method, o.confirmations - 1);
    // The follower has recorded the payment and stands at the tip: only the last block is missing.
    await until(`the ${chain} payment of deposit ${quote.id} seen`, 30_000, async () => {
      const r = await o.db.query<{ seen: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM chain_payments WHERE deposit_id = $1 AND status = 'seen')
                AND (SELECT height FROM chain_cursors WHERE chain = $2) >= $3 AS seen`,
        [quote.id, chain, tip],
      );
      return r.rows[0]?.seen === true;
    }, 20);
    // Blocks come when they come: a random pause, so the samples do not all start just after a
    // follower run (which is when the payment is first seen).
    await sleep(Math.random() * JITTER_MS);
    await mine(o.nodes, method, 1);
    const mined = performance.now();
    await until(`deposit ${quote.id} credited`, 60_000, async () => {
      const r = await o.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [quote.id]);
      return r.rows[0]?.status === 'approved';
    }, 5);
    samples.push(performance.now() - mined);
  }
  o.log(`chain: ${method} block-to-credit ms: ${samples.map((s) => s.toFixed(0)).join(', ')}`);
  return { method, samples };
}
