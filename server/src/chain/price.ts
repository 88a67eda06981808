import type { Asset } from '@halcyon/api-client/contract';
import { callWords, contractDecimals } from './evm';
import { NodeError, type RpcClient } from './rpc';

/** USD per whole coin as an exact fraction: `answer / 10^decimals` (a Chainlink round). */
export interface Price {
  answer: bigint;
  decimals: number;
  updatedAt: Date;
}

/** A price that cannot be used (no feed, stale, negative): no quote is given on it. */
export class PriceUnavailable extends Error {
  override name = 'PriceUnavailable';
}

export interface PriceSource {
  price(asset: Asset, now: Date): Promise<Price>;
}

/**
 * Prices from Chainlink aggregators (`latestRoundData()`, `decimals()`) read over an Ethereum RPC;
 * USDT is 1 USD per token. A round older than `maxAgeSeconds` is refused, as is one still being
 * answered (answeredInRound < roundId) or a non-positive answer.
 */
export function chainlinkPrices(rpc: RpcClient, feeds: Partial<Record<Asset, string>>, maxAgeSeconds: number): PriceSource {
  const decimals = new Map<string, Promise<number>>();
  return {
    async price(asset, now) {
      if (asset === 'usdt') return { answer: 1n, decimals: 0, updatedAt: now };
      const feed = feeds[asset];
      if (!feed) throw new PriceUnavailable(`no price feed for ${asset}`);
      let words: bigint[];
      let places: number;
      try {
        if (!decimals.has(feed)) decimals.set(feed, contractDecimals(rpc, feed));
        [words, places] = await Promise.all([callWords(rpc, feed, '0xfeaf968c'), decimals.get(feed) as Promise<number>]);
      } catch (error) {
        decimals.delete(feed);
        throw new PriceUnavailable(`the ${asset} price cannot be read: ${error instanceof NodeError ? error.message : String(error)}`);
      }
      const [roundId, answer, , updatedAt, answeredInRound] = words;
      if (roundId === undefined || answer === undefined || updatedAt === undefined || answeredInRound === undefined) throw new PriceUnavailable(`the ${asset} feed gave a short answer`);
      // answer is an int256: a set top bit is a negative price.
      if (answer === 0n || answer >= 2n ** 255n) throw new PriceUnavailable(`the ${asset} feed gave no positive price`);
      if (answeredInRound < roundId) throw new PriceUnavailable(`the ${asset} feed's round is not answered yet`);
      const age = now.getTime() / 1000 - Number(updatedAt);
      if (age > maxAgeSeconds) throw new PriceUnavailable(`the ${asset} price is ${Math.round(age / 60)} minutes old (more than ${Math.round(maxAgeSeconds / 60)})`);
      return { answer, decimals: places, updatedAt: new Date(Number(updatedAt) * 1000) };
    },
  };
}

/**
 * Coin units worth `cents` at `price`: rounded up for a quote (the investor sends enough), down for
 * a payout (the platform never sends more than it owes).
 */
export function unitsForCents(cents: number, price: Price, coinDecimals: number, rounding: 'up' | 'down' = 'up'): bigint {
  const numerator = BigInt(cents) * 10n ** BigInt(coinDecimals + price.decimals);
  const denominator = 100n * price.answer;
  return (numerator + (rounding === 'up' ? denominator - 1n : 0n)) / denominator;
}

/** Cents that `units` are worth at `price`, rounded down (never credit more than arrived). */
export function centsForUnits(units: bigint, price: Price, coinDecimals: number): bigint {
  return (units * price.answer * 100n) / 10n ** BigInt(coinDecimals + price.decimals);
}
