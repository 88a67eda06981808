import { base58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { parseUnits } from './blocks';
import type { BitcoinNetwork } from './derive';
import { hex, NodeError, quantity, record, whole, type RpcClient } from './rpc';

// What the chain holds at the investors' addresses (docs/chain.md "Reserves").

const b58 = base58check(sha256);

/**
 * Bitcoin Core's descriptors take xpub/tpub only: a BIP84 zpub/vpub is the same key under SLIP-132's
 * version bytes, so it is re-encoded with the plain ones of its network.
 */
function descriptorKey(xpub: string, network: BitcoinNetwork): string {
  const raw = b58.decode(xpub);
  const plain = network === 'mainnet' ? [0x04, 0x88, 0xb2, 0x1e] : [0x04, 0x35, 0x87, 0xcf];
  return b58.encode(new Uint8Array([...plain, ...raw.subarray(4)]));
}

/**
 * The unspent outputs of every receive address `0/0 … 0/(count-1)` of each key, in satoshis, from
 * the node's UTXO set (`scantxoutset`: no wallet, no rescan), and the height it was taken at.
 */
export async function scanKeys(rpc: RpcClient, keys: { xpub: string; count: number }[], network: BitcoinNetwork): Promise<{ units: bigint; height: number }> {
  const scan = keys.filter((k) => k.count > 0).map((k) => ({ desc: `wpkh(${descriptorKey(k.xpub, network)}/0/*)`, range: [0, k.count - 1] }));
  if (!scan.length) return { units: 0n, height: whole(await rpc.call('getblockcount'), 'block count') };
  const result = record(await rpc.call('scantxoutset', ['start', scan]), 'scan result');
  if (result.success !== true) throw new NodeError('the node could not scan its UTXO set (another scan may be running)');
  const total = result.total_amount;
  if (typeof total !== 'number' || !Number.isFinite(total) || total < 0) throw new NodeError(`the scan gave an unusable total: ${String(total)}`);
  return { units: parseUnits(total.toFixed(8), 8), height: whole(result.height, 'scan height') };
}

/** The sum of `addresses`' native balances (eth_getBalance), in one batch at the block `tag`. */
export async function nativeBalances(rpc: RpcClient, addresses: string[], tag: string): Promise<bigint> {
  const answers = await rpc.batch(addresses.map((a) => ({ method: 'eth_getBalance', params: [a, tag] })));
  return answers.reduce<bigint>((sum, a) => sum + quantity(a, 'balance'), 0n);
}

/** The sum of `addresses`' balances of an ERC-20 `token` (balanceOf), in one batch at the block `tag`. */
export async function tokenBalances(rpc: RpcClient, token: string, addresses: string[], tag: string): Promise<bigint> {
  const calls = addresses.map((a) => ({ method: 'eth_call', params: [{ to: token, data: `0x70a08231${a.slice(2).toLowerCase().padStart(64, '0')}` }, tag] }));
  const answers = await rpc.batch(calls);
  return answers.reduce<bigint>((sum, a) => sum + BigInt(hex(a, 'balance') === '0x' ? 0 : hex(a, 'balance')), 0n);
}
