import type { Asset, Chain } from '@halcyon/api-client/contract';

/** A payment a block carries to some address; the follower keeps those to investors' addresses. */
export interface BlockOutput {
  txid: string;
  /** The output (Bitcoin vout) or log index; -1 for the value an EVM transaction itself carries. */
  index: number;
  /** What deposit_addresses.match_key holds for the receiver (script hex, lowercase 0x address). */
  matchKey: string;
  asset: Asset;
  /** In the coin's smallest unit (satoshi, wei, token units). */
  units: bigint;
}

export interface ChainBlock {
  height: number;
  hash: string;
  parent: string;
  time: Date;
  outputs: BlockOutput[];
  /** Every transaction's id: the follower looks for the platform's own payouts among them. */
  txids: string[];
}

/** What a follower reads from a node (chain/bitcoin.ts, chain/evm.ts). */
export interface ChainReader {
  readonly chain: Chain;
  /** deposit_addresses.family of the chain's addresses. */
  readonly family: 'bitcoin' | 'evm';
  tipHeight(): Promise<number>;
  /** The main chain's block hash at `height`; null above the tip. */
  hashAt(height: number): Promise<string | null>;
  /** `count` consecutive blocks from `from`, each checked to follow the one before. */
  blocks(from: number, count: number): Promise<ChainBlock[]>;
  /** Drops the outputs whose transaction did not take effect (a reverted EVM call); Bitcoin's all did. */
  effective(outputs: BlockOutput[]): Promise<BlockOutput[]>;
}

/** `units` of a coin with `decimals` as a decimal string: 150000000n, 8 → "1.5". Never a float. */
export function formatUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A decimal string of a coin amount as units ("0.001", 8 → 100000n); throws on more decimals than the coin has. */
export function parseUnits(amount: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) throw new Error(`not a decimal amount: ${amount}`);
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) throw new Error(`${amount} has more than ${decimals} decimals`);
  return BigInt(`${match[1]}${fraction.padEnd(decimals, '0')}`);
}

/** Checks that each block follows the one before (a node that changed branch mid-read answers a gap). */
export function checkLinked(blocks: ChainBlock[], what: string): ChainBlock[] {
  for (let i = 1; i < blocks.length; i++) {
    const [prev, next] = [blocks[i - 1], blocks[i]];
    if (prev && next && (next.parent !== prev.hash || next.height !== prev.height + 1)) {
      // The node moved to another branch while answering: keep the part that is linked.
      return blocks.slice(0, i);
    }
  }
  if (!blocks.length) throw new Error(`${what}: no blocks`);
  return blocks;
}
