// Deposits on the test chains (issue 26) for the chain fault test and the chain benchmark: the
// platform's keys, quotes and paying them (the server's settings: test-kit's chainServerEnv).
import { expectApi } from '@halcyon/test-kit';
import { decimalToUnits, type ChainActions, type PlatformXpubs } from '@halcyon/test-kit/chain';
import { newKey } from './http';
import type { Investor } from './fixtures';

export type QuoteMethod = 'bitcoin' | 'ethereum' | 'usdt';

/** The coin decimals of each quoted method (BEP-20 USDT has 18, as the test token). */
const DECIMALS: Record<QuoteMethod, number> = { bitcoin: 8, ethereum: 18, usdt: 18 };

/** The admin gives the server the platform's keys (POST /wallet-address with the spec's four addresses). */
export async function setPlatformKeys(base: string, adminToken: string, keys: PlatformXpubs): Promise<void> {
  await expectApi(base, 'POST', '/wallet-address', 201, {
    token: adminToken,
    body: { bitcoin: 'bc1qbenchshared', ethereum: '0xbenchshared', sol: 'SoLbenchshared', usdt: '0xbenchshared', ...keys },
  });
}

export interface Quote {
  id: string;
  uid: string;
  method: QuoteMethod;
  /** USD asked, in cents. */
  cents: number;
  address: string;
  /** What to pay, in the coin's smallest unit. */
  units: bigint;
}

interface QuoteBody {
  data: { id: string; payment: { address: string; cryptoAmount: string } | null };
}

/** POST /deposit of `usd` by `method`: the investor's address and the coin amount to pay. */
export async function createQuote(base: string, investor: Investor, method: QuoteMethod, usd: number): Promise<Quote> {
  const body = await expectApi<QuoteBody>(base, 'POST', '/deposit', 201, {
    token: investor.token,
    idempotencyKey: newKey(),
    body: { method, amount: usd, from: investor.uid },
  });
  const payment = body.data.payment;
  if (!payment) throw new Error(`the ${method} deposit ${body.data.id} has no quote: are the platform's keys set and the chain watched?`);
  return { id: body.data.id, uid: investor.uid, method, cents: Math.round(usd * 100), address: payment.address, units: decimalToUnits(payment.cryptoAmount, DECIMALS[method]) };
}

/** Sends exactly what `quote` asks from the nodes' funded accounts; unconfirmed until mined. */
export async function payQuote(nodes: ChainActions, quote: Quote): Promise<string> {
  if (quote.method === 'bitcoin') return (await nodes.sendBtc(quote.address, quote.units)).txid;
  const to = quote.address as `0x${string}`;
  if (quote.method === 'ethereum') return (await nodes.sendEth('ethereum', to, quote.units)).hash;
  return (await nodes.sendUsdt(to, quote.units)).hash;
}

/** One block on each of the three chains (side by side). */
export async function mineAll(nodes: ChainActions, n = 1): Promise<void> {
  await Promise.all([nodes.mineBtc(n), nodes.mineEvm('ethereum', n), nodes.mineEvm('bsc', n)]);
}
