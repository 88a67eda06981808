// Follower throughput (docs/bench.md "Chain"): blocks full of payments are mined on the local nodes,
// then the server's own follower (followChain, with the settings its job uses) is timed reading
// them from a cursor placed just below, against a database holding the seeded addresses.
import { randomBytes } from 'node:crypto';
import { bitcoinNode, bitcoinRpc, jsonRpc, type ChainNodes } from '@halcyon/test-kit/chain';
import { bitcoinReader } from '../../../server/src/chain/bitcoin';
import type { ChainReader } from '../../../server/src/chain/blocks';
import { evmReader } from '../../../server/src/chain/evm';
import { rpcClient } from '../../../server/src/chain/rpc';
import type { Db } from '../../../server/src/db/types';
import { followChain } from '../../../server/src/jobs/chain-follow';
import { followSettings } from '../../../server/src/jobs/chain-jobs';

export type FollowedChain = 'bitcoin' | 'bsc';

export interface ThroughputCase {
  chain: FollowedChain;
  /** Whether every payment in the blocks goes to an investor's address (else none does). */
  matches: boolean;
  blocks: number;
  /** Outputs (Bitcoin) or USDT Transfer logs (BSC) the follower read: every one it looked up. */
  outputs: number;
  /** chain_payments it recorded. */
  payments: number;
  seconds: number;
  blocksPerSecond: number;
  outputsPerSecond: number;
  paymentsPerSecond: number;
}

export interface ThroughputOptions {
  nodes: ChainNodes;
  db: Db;
  /** Blocks mined per case. */
  blocks: number;
  /** Bitcoin: payment outputs per block (plus each transaction's change and the coinbase). */
  btcOutputs: number;
  /** BSC: USDT transfers per block. */
  bscTransfers: number;
  /** Addresses payments go to when they match: the payees' (each used at most once per transaction). */
  btcPayees: string[];
  evmPayees: string[];
  /** Bitcoin addresses that are no investor's (for the cases without matches). */
  btcStrangers: string[];
  confirmations: number;
  log: (line: string) => void;
}

/** Outputs per sendmany: a standard transaction stays far below 100 kvB (a P2WPKH output is 31 vB). */
const OUTPUTS_PER_TX = 1000;
/** Satoshis per output: well above the dust limit. */
const OUTPUT_SATS = 10_000;
/** USDT units per transfer (10^-6 USDT). */
const TRANSFER_UNITS = 10n ** 12n;
/** eth_sendTransaction calls per JSON-RPC batch. */
const SEND_BATCH = 200;

const btcAmount = (sats: number) => (sats / 1e8).toFixed(8);
const hex32 = (v: bigint | string) => (typeof v === 'bigint' ? v.toString(16) : v.replace(/^0x/, '').toLowerCase()).padStart(64, '0');

/** Mines `blocks` Bitcoin blocks of `perBlock` payment outputs each, to `to` addresses in turn; returns the first and last height. */
async function mineBitcoinPayments(nodes: ChainNodes, blocks: number, perBlock: number, to: string[]): Promise<[number, number]> {
  const first = (await nodes.btcHeight()) + 1;
  const width = Math.min(OUTPUTS_PER_TX, to.length);
  for (let b = 0; b < blocks; b++) {
    for (let sent = 0; sent < perBlock; ) {
      const n = Math.min(width, perBlock - sent);
      const outputs = Object.fromEntries(Array.from({ length: n }, (_, i) => [to[(sent + i) % to.length] as string, btcAmount(OUTPUT_SATS)]));
      await bitcoinRpc(bitcoinNode(nodes).rpcUrl, 'sendmany', ['', outputs], bitcoinNode(nodes).wallet);
      sent += n;
    }
    await nodes.mineBtc(1);
  }
  return [first, first + blocks - 1];
}

/**
 * USDT transfer(to, units) from the funder, many per JSON-RPC batch. The nonces are given: Anvil
 * answers a batch's calls side by side and would pick one nonce twice.
 */
async function sendTransfers(nodes: ChainNodes, recipients: string[]): Promise<void> {
  const first = Number(await jsonRpc<string>(nodes.bsc.rpcUrl, 'eth_getTransactionCount', [nodes.funder, 'pending']));
  for (let i = 0; i < recipients.length; i += SEND_BATCH) {
    const body = recipients.slice(i, i + SEND_BATCH).map((to, k) => ({
      jsonrpc: '2.0',
      id: k,
      method: 'eth_sendTransaction',
      params: [{ from: nodes.funder, to: nodes.contracts.usdt, nonce: `0x${(first + i + k).toString(16)}`, gas: '0x186a0', data: `0xa9059cbb${hex32(to)}${hex32(TRANSFER_UNITS)}` }],
    }));
    const res = await fetch(nodes.bsc.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answers = (await res.json()) as Array<{ error?: { message?: string } }>;
    const failed = answers.find((a) => a.error);
    if (failed) throw new Error(`eth_sendTransaction: ${failed.error?.message ?? 'failed'}`);
  }
}

/** Mines until the funder has nothing pending (a block holds what its gas limit allows); returns the heights. */
async function mineBscPayments(nodes: ChainNodes, blocks: number, perBlock: number, to: string[]): Promise<[number, number]> {
  const first = (await nodes.evmHeight('bsc')) + 1;
  const nonce = (tag: string) => jsonRpc<string>(nodes.bsc.rpcUrl, 'eth_getTransactionCount', [nodes.funder, tag]);
  for (let b = 0; b < blocks; b++) {
    await sendTransfers(nodes, Array.from({ length: perBlock }, (_, i) => to[(b * perBlock + i) % to.length] as string));
    await nodes.mineEvm('bsc', 1);
    while ((await nonce('pending')) !== (await nonce('latest'))) await nodes.mineEvm('bsc', 1);
  }
  return [first, await nodes.evmHeight('bsc')];
}

/** Puts the follower's cursor at `height` (the block below the ones to read), as if it had read up to there. */
async function placeCursor(db: Db, reader: ChainReader, height: number): Promise<void> {
  const hash = await reader.hashAt(height);
  if (!hash) throw new Error(`${reader.chain}: no block ${height}`);
  await db.tx(async (q) => {
    await q.query('DELETE FROM chain_blocks WHERE chain = $1', [reader.chain]);
    await q.query(
      `INSERT INTO chain_cursors (chain, height, hash, tip_height) VALUES ($1, $2, $3, $2)
       ON CONFLICT (chain) DO UPDATE SET height = EXCLUDED.height, hash = EXCLUDED.hash, tip_height = EXCLUDED.tip_height, last_error = NULL`,
      [reader.chain, height, hash],
    );
    await q.query('INSERT INTO chain_blocks (chain, height, hash) VALUES ($1, $2, $3)', [reader.chain, height, hash]);
  });
}

/** What the follower looks up in [first, last]: every payment output or Transfer log (read again, untimed). */
async function countOutputs(reader: ChainReader, first: number, last: number): Promise<number> {
  let n = 0;
  for (let h = first; h <= last; h += 10) n += (await reader.blocks(h, Math.min(10, last - h + 1))).reduce((sum, b) => sum + b.outputs.length, 0);
  return n;
}

/** The readers the server builds for these nodes (chain/chains.ts). */
function readers(nodes: ChainNodes): Record<FollowedChain | 'ethereum', ChainReader> {
  return {
    bitcoin: bitcoinReader(rpcClient(bitcoinNode(nodes).rpcUrl)),
    ethereum: evmReader(rpcClient(nodes.ethereum.rpcUrl), { chain: 'ethereum', native: 'eth', tokens: [] }),
    bsc: evmReader(rpcClient(nodes.bsc.rpcUrl), { chain: 'bsc', native: null, tokens: [{ contract: nodes.contracts.usdt, asset: 'usdt' }] }),
  };
}

/**
 * Forgets what the throughput cases recorded and puts every follower at its node's tip: a follower
 * without a cursor starts some blocks back, and would record (then credit) the payees' payments.
 */
export async function followersAtTips(db: Db, nodes: ChainNodes): Promise<void> {
  await db.query('DELETE FROM chain_payments');
  for (const reader of Object.values(readers(nodes))) await placeCursor(db, reader, await reader.tipHeight());
}

/** One case: mine its blocks, place the cursor below them, time the follower up to the last one. */
export async function measureThroughput(o: ThroughputOptions, chain: FollowedChain, matches: boolean): Promise<ThroughputCase> {
  const reader = readers(o.nodes)[chain];
  const randomEvm = () => `0x${randomBytes(20).toString('hex')}`;
  const what = `${chain}, ${matches ? 'every payment an investor\'s' : 'no investor paid'}`;
  o.log(`chain: mining ${o.blocks} ${chain} blocks (${what})…`);
  const [first, last] =
    chain === 'bitcoin'
      ? await mineBitcoinPayments(o.nodes, o.blocks, o.btcOutputs, matches ? o.btcPayees : o.btcStrangers)
      : await mineBscPayments(o.nodes, o.blocks, o.bscTransfers, matches ? o.evmPayees : Array.from({ length: o.bscTransfers }, randomEvm));
  await placeCursor(o.db, reader, first - 1);
  const settings = followSettings(reader.family, o.confirmations);
  let blocks = 0;
  let payments = 0;
  const started = performance.now();
  for (;;) {
    const r = await followChain(o.db, reader, settings);
    blocks += r.blocks;
    payments += r.payments;
    if (r.height >= last || r.blocks === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const outputs = await countOutputs(reader, first, last);
  o.log(`chain: ${what}: ${blocks} blocks, ${outputs} outputs, ${payments} payments in ${seconds.toFixed(2)} s`);
  return { chain, matches, blocks, outputs, payments, seconds, blocksPerSecond: blocks / seconds, outputsPerSecond: outputs / seconds, paymentsPerSecond: payments / seconds };
}
