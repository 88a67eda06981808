import type { Asset, Chain } from '@halcyon/api-client/contract';
import { checkLinked, type BlockOutput, type ChainBlock, type ChainReader } from './blocks';
import { hex, list, NodeError, quantity, record, type RpcClient } from './rpc';

/** keccak256("Transfer(address,address,uint256)"): the ERC-20 event. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** What an EVM chain's follower watches: its own coin, and/or tokens. */
export interface EvmWatch {
  chain: Chain;
  /** The asset its native coin credits (ETH on Ethereum); null: the coin is not a deposit asset. */
  native: Asset | null;
  tokens: { contract: string; asset: Asset }[];
}

const toHex = (n: number) => `0x${n.toString(16)}`;
/** A 32-byte topic holding an address → the lowercase 0x address. */
const topicAddress = (topic: string) => `0x${topic.slice(-40)}`;

/**
 * An EVM chain's blocks over Ethereum JSON-RPC: native value transfers from the block's
 * transactions (a transfer made by a contract, "internal", needs a tracing node and is not seen:
 * docs/chain.md "Limits"), token deposits from `eth_getLogs` Transfer events of the watched contracts.
 */
export function evmReader(rpc: RpcClient, watch: EvmWatch): ChainReader {
  const tokenAsset = new Map(watch.tokens.map((t) => [t.contract.toLowerCase(), t.asset]));
  return {
    chain: watch.chain,
    family: 'evm',
    async tipHeight() {
      return Number(quantity(await rpc.call('eth_blockNumber'), 'block number'));
    },
    async hashAt(height) {
      const block = await rpc.call('eth_getBlockByNumber', [toHex(height), false]);
      return block === null ? null : hex(record(block, 'block').hash, 'block hash');
    },
    async blocks(from, count) {
      const calls: { method: string; params: unknown[] }[] = Array.from({ length: count }, (_, i) => ({ method: 'eth_getBlockByNumber', params: [toHex(from + i), watch.native !== null] }));
      if (tokenAsset.size) {
        calls.push({ method: 'eth_getLogs', params: [{ fromBlock: toHex(from), toBlock: toHex(from + count - 1), address: [...tokenAsset.keys()], topics: [TRANSFER_TOPIC] }] });
      }
      const answers = await rpc.batch(calls);
      const blocks = answers.slice(0, count).map((b, i) => toBlock(b, from + i, watch.native));
      if (tokenAsset.size) addTokenOutputs(blocks, list(answers[count], 'logs'), tokenAsset);
      return checkLinked(blocks, watch.chain);
    },
    async effective(outputs) {
      // A value transfer to an account with code can revert; a token log exists only if its call succeeded.
      const native = [...new Set(outputs.filter((o) => o.index === -1).map((o) => o.txid))];
      const receipts = await rpc.batch(native.map((txid) => ({ method: 'eth_getTransactionReceipt', params: [txid] })));
      const failed = new Set(native.filter((_, i) => quantity(record(receipts[i], 'receipt').status, 'receipt status') !== 1n));
      return outputs.filter((o) => !failed.has(o.txid));
    },
  };
}

function toBlock(raw: unknown, height: number, native: Asset | null): ChainBlock {
  if (raw === null) throw new NodeError(`the node has no block ${height} (it is behind, or reorganised while answering)`);
  const b = record(raw, 'block');
  if (Number(quantity(b.number, 'block number')) !== height) throw new NodeError(`the node answered block ${String(b.number)} for height ${height}`);
  const outputs: BlockOutput[] = [];
  const transactions = list(b.transactions, 'transactions');
  // Whole transactions when the native coin is watched, else their hashes only.
  const txids = transactions.map((tx) => hex(typeof tx === 'string' ? tx : record(tx, 'transaction').hash, 'transaction hash'));
  if (native) {
    for (const txRaw of transactions) {
      const tx = record(txRaw, 'transaction');
      if (typeof tx.to !== 'string') continue; // a contract creation
      const value = quantity(tx.value, 'transaction value');
      if (value > 0n) outputs.push({ txid: hex(tx.hash, 'transaction hash'), index: -1, matchKey: hex(tx.to, 'receiver'), asset: native, units: value });
    }
  }
  return {
    height,
    hash: hex(b.hash, 'block hash'),
    parent: hex(b.parentHash, 'parent hash'),
    time: new Date(Number(quantity(b.timestamp, 'block time')) * 1000),
    outputs,
    txids,
  };
}

/** Adds each Transfer log to its block, checking it belongs to the block read (same hash). */
function addTokenOutputs(blocks: ChainBlock[], logs: unknown[], tokenAsset: Map<string, Asset>): void {
  const byHeight = new Map(blocks.map((b) => [b.height, b]));
  for (const raw of logs) {
    const log = record(raw, 'log');
    if (log.removed === true) continue;
    const block = byHeight.get(Number(quantity(log.blockNumber, 'log block')));
    if (!block) throw new NodeError('the node gave a log outside the blocks asked');
    if (hex(log.blockHash, 'log block hash') !== block.hash) throw new NodeError(`block ${block.height} changed while it was read (reorganisation): read again`);
    const asset = tokenAsset.get(hex(log.address, 'log contract'));
    const topics = list(log.topics, 'log topics').map((t) => hex(t, 'log topic'));
    if (!asset || topics.length !== 3 || topics[0] !== TRANSFER_TOPIC) continue;
    const units = quantity(log.data, 'transfer amount');
    if (units > 0n) {
      block.outputs.push({ txid: hex(log.transactionHash, 'log transaction'), index: Number(quantity(log.logIndex, 'log index')), matchKey: topicAddress(topics[2] ?? ''), asset, units });
    }
  }
}

/** eth_call of a function without arguments (its 4-byte selector), the 32-byte words it returns. */
export async function callWords(rpc: RpcClient, contract: string, selector: string): Promise<bigint[]> {
  const data = hex(await rpc.call('eth_call', [{ to: contract, data: selector }, 'latest']), 'call result').slice(2);
  if (!data.length || data.length % 64) throw new NodeError(`${contract} answered ${selector} with ${data.length / 2} bytes: is it the right contract?`);
  return Array.from({ length: data.length / 64 }, (_, i) => BigInt(`0x${data.slice(i * 64, i * 64 + 64)}`));
}

/** decimals() of an ERC-20 token or a price feed. */
export async function contractDecimals(rpc: RpcClient, contract: string): Promise<number> {
  const [decimals] = await callWords(rpc, contract, '0x313ce567');
  if (decimals === undefined || decimals > 36n) throw new NodeError(`${contract} gave unusable decimals`);
  return Number(decimals);
}
