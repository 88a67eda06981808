import { checkLinked, parseUnits, type BlockOutput, type ChainBlock, type ChainReader } from './blocks';
import { list, NodeError, record, text, whole, type RpcClient } from './rpc';

/**
 * Bitcoin blocks from a Bitcoin Core node (or a fork with its RPC: litecoind in the tests):
 * `getblockhash` then `getblock` verbosity 2, every output with its script. Nothing here needs a
 * wallet on the node.
 */
export function bitcoinReader(rpc: RpcClient): ChainReader {
  return {
    chain: 'bitcoin',
    family: 'bitcoin',
    async tipHeight() {
      return whole(await rpc.call('getblockcount'), 'block count');
    },
    async hashAt(height) {
      try {
        return text(await rpc.call('getblockhash', [height]), 'block hash');
      } catch (error) {
        // -8: "Block height out of range", above the tip.
        if (error instanceof NodeError && /out of range/i.test(error.message)) return null;
        throw error;
      }
    },
    async blocks(from, count) {
      const hashes = await rpc.batch(Array.from({ length: count }, (_, i) => ({ method: 'getblockhash', params: [from + i] })));
      const raw = await rpc.batch(hashes.map((h) => ({ method: 'getblock', params: [text(h, 'block hash'), 2] })));
      return checkLinked(raw.map((b, i) => toBlock(b, from + i)), 'bitcoin');
    },
    async effective(outputs) {
      return outputs;
    },
  };
}

function toBlock(raw: unknown, height: number): ChainBlock {
  const b = record(raw, 'block');
  if (whole(b.height, 'block height') !== height) throw new NodeError(`the node answered block ${String(b.height)} for height ${height}`);
  const outputs: BlockOutput[] = [];
  const txids: string[] = [];
  for (const txRaw of list(b.tx, 'transactions')) {
    const tx = record(txRaw, 'transaction');
    const txid = text(tx.txid, 'transaction id');
    txids.push(txid);
    for (const outRaw of list(tx.vout, 'outputs')) {
      const out = record(outRaw, 'output');
      const script = record(out.scriptPubKey, 'output script');
      if (typeof script.hex !== 'string') throw new NodeError(`output ${txid}:${String(out.n)} has no script`);
      const units = satoshis(out.value, `output of ${txid}`);
      if (units > 0n) outputs.push({ txid, index: whole(out.n, 'output index'), matchKey: script.hex.toLowerCase(), asset: 'btc', units });
    }
  }
  return {
    height,
    hash: text(b.hash, 'block hash'),
    // The genesis block has no parent.
    parent: typeof b.previousblockhash === 'string' ? b.previousblockhash : '',
    time: new Date(whole(b.time, 'block time') * 1000),
    outputs,
    txids,
  };
}

/**
 * An amount in coins as Bitcoin Core writes it (an output's value, a fee rate): a JSON number with
 * 8 decimals. Below 21 million coins a double keeps 15 significant digits exactly, so printing it
 * back with 8 decimals gives the node's own digits; the satoshis are then read from that text,
 * never by multiplying a float. `what` names the amount in the error.
 */
export function satoshis(value: unknown, what: string): bigint {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 21e6) throw new NodeError(`${what} has an unusable value: ${String(value)}`);
  return parseUnits(value.toFixed(8), 8);
}
