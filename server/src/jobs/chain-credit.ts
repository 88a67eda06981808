import { CHAIN_METHOD, METHOD_ASSET, type Chain, type DepositMethod } from '@halcyon/api-client/contract';
import { formatUnits } from '../chain/blocks';
import type { WatchedChain } from '../chain/chains';
import { centsForUnits, type Price, type PriceSource } from '../chain/price';
import type { Db, Queryable } from '../db/types';
import { available, custody } from '../ledger/accounts';
import { centsToUsd } from '../ledger/money';
import { INFLOW_CEILING_CENTS, ledgerRefusal, transfer } from '../ledger/transfer';

interface PaymentRow {
  id: string;
  chain: Chain;
  txid: string;
  output_index: number;
  uid: string;
  address: string;
  amount_units: string;
  block_height: string | null;
  block_time: Date | null;
  status: string;
  deposit_id: string | null;
  credited_cents: string | null;
  d_status: string | null;
  d_method: DepositMethod | null;
  d_units: string | null;
  d_quoted: string | null;
  d_expires: Date | null;
  d_paid_by: string | null;
}

const PAYMENT = `SELECT p.id, p.chain, p.txid, p.output_index, p.uid, p.address, p.amount_units::text, p.block_height, p.block_time, p.status,
                        p.deposit_id, p.credited_cents, d.status AS d_status, d.method AS d_method, d.crypto_units::text AS d_units,
                        d.quoted_cents AS d_quoted, d.expires_at AS d_expires, d.payment_key AS d_paid_by
                   FROM chain_payments p LEFT JOIN deposits d ON d.id = p.deposit_id`;

/** The key a payment credits under, once: deposits.payment_key is unique on it. */
const paymentKey = (p: PaymentRow) => `${p.chain}:${p.txid}:${p.output_index}`;

type Valuation = 'quote' | 'late' | 'short' | 'over' | 'unquoted';

/** How a payment is valued (docs/chain.md "Crediting"): its quote's USD when it paid exactly that, in time. */
function valuationOf(p: PaymentRow): Valuation {
  const open = p.d_status === 'pending' && p.d_paid_by === null && p.d_units !== null && p.d_expires !== null;
  if (!open) return 'unquoted';
  if ((p.block_time as Date) > (p.d_expires as Date)) return 'late';
  const paid = BigInt(p.amount_units);
  const asked = BigInt(p.d_units as string);
  return paid === asked ? 'quote' : paid < asked ? 'short' : 'over';
}

export interface CreditSettings {
  dustCents: number;
  now: () => Date;
}

/**
 * Credits every payment of `watched` that has its confirmations at the follower's height, and
 * reverses the reorged ones no block took back. Each in its own transaction; returns how many
 * were credited. A payment whose price cannot be read now waits for the next run.
 */
export async function creditConfirmed(db: Db, watched: WatchedChain, prices: PriceSource, settings: CreditSettings): Promise<{ credited: number; dust: number; reversed: number; waiting: string[] }> {
  const cursor = await db.query<{ height: string }>('SELECT height FROM chain_cursors WHERE chain = $1', [watched.chain]);
  const out = { credited: 0, dust: 0, reversed: 0, waiting: [] as string[] };
  if (!cursor.rows[0]) return out;
  const height = Number(cursor.rows[0].height);
  const deepEnough = height - watched.confirmations + 1;
  const due = await db.query<PaymentRow>(`${PAYMENT} WHERE p.chain = $1 AND p.status = 'seen' AND p.block_height <= $2 ORDER BY p.block_height, p.id LIMIT 500`, [watched.chain, deepEnough]);
  for (const payment of due.rows) {
    let price: Price | null = null;
    if (valuationOf(payment) !== 'quote') {
      try {
        price = await prices.price(watched.asset, settings.now());
      } catch (error) {
        out.waiting.push(`${paymentKey(payment)}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
    }
    const done = await db.tx((q) => creditOne(q, payment.id, deepEnough, watched, price, settings.dustCents));
    if (done === 'credited') out.credited++;
    if (done === 'dust') out.dust++;
  }
  const reorged = await db.query<{ id: string }>("SELECT id FROM chain_payments WHERE chain = $1 AND status = 'reorged' AND orphaned_until <= $2 ORDER BY id LIMIT 500", [watched.chain, height]);
  for (const { id } of reorged.rows) {
    if (await db.tx((q) => reverseOne(q, id, height))) out.reversed++;
  }
  return out;
}

/**
 * One payment, under its row lock and only if it is still seen and deep enough (a second process
 * or a retry finds it credited and does nothing): its deposit approved (the quote it paid, or a
 * new one) with the valued amount through the ledger, or recorded as dust.
 */
async function creditOne(q: Queryable, id: string, deepEnough: number, watched: WatchedChain, price: Price | null, dustCents: number): Promise<'credited' | 'dust' | null> {
  const read = () => q.query<PaymentRow>(`${PAYMENT} WHERE p.id = $1 AND p.status = 'seen' AND p.block_height <= $2 FOR UPDATE OF p`, [id, deepEnough]);
  let p = (await read()).rows[0];
  if (!p) return null;
  if (p.deposit_id) {
    // Its quote too, so an admin's decline cannot come between the valuation and the approval.
    await q.query('SELECT 1 FROM deposits WHERE id = $1 FOR UPDATE', [p.deposit_id]);
    p = (await read()).rows[0];
    if (!p) return null;
  }
  const valuation = valuationOf(p);
  const decimals = await watched.decimals();
  let cents: number;
  if (valuation === 'quote') cents = Number(p.d_quoted);
  else if (!price) return null; // priced before the transaction; the valuation changed meanwhile: next run
  else cents = Number(centsForUnits(BigInt(p.amount_units), price, decimals));
  if (valuation !== 'quote' && cents < dustCents) {
    await q.query("UPDATE chain_payments SET status = 'dust', deposit_id = NULL, credited_cents = $2 WHERE id = $1", [p.id, cents]);
    return 'dust';
  }
  const key = paymentKey(p);
  // A quote's method, or for a payment with no quote the one its chain credits.
  const method = p.d_method ?? CHAIN_METHOD[p.chain];
  let depositId: string;
  if (valuation === 'unquoted') {
    const created = await q.query<{ id: string }>(
      `INSERT INTO deposits (uid, requested_method, method, amount_cents, chain, pay_address, pay_uri, crypto_units, coin_decimals, quoted_cents, expires_at, confirmations_required, payment_key)
       VALUES ($1, $2, $2, $3, $4, $5, '', $6, $7, $3, $8, $9, $10) RETURNING id`,
      [p.uid, method, cents, p.chain, p.address, p.amount_units, decimals, p.block_time, watched.confirmations, key],
    );
    depositId = String(created.rows[0]?.id);
  } else {
    depositId = p.deposit_id as string;
    await q.query('UPDATE deposits SET amount_cents = $2, payment_key = $3 WHERE id = $1', [depositId, cents, key]);
  }
  const reason = `Deposit confirmed on ${p.chain}: ${formatUnits(BigInt(p.amount_units), decimals)} ${watched.coin} in ${p.txid}`;
  let approved: { rows: unknown[] };
  try {
    approved = await q.query('SELECT id FROM deposit_approve($1, $2, $3, $4, $5, $6)', [depositId, method, METHOD_ASSET[method], 'system', reason, INFLOW_CEILING_CENTS]);
  } catch (error) {
    throw ledgerRefusal(error) ?? error;
  }
  if (!approved.rows.length) throw new Error(`deposit ${depositId} was not pending when ${key} credited it`);
  await q.query("UPDATE chain_payments SET status = 'credited', deposit_id = $2, valuation = $3, credited_cents = $4, credited_at = now() WHERE id = $1", [p.id, depositId, valuation, cents]);
  return 'credited';
}

/**
 * A credited payment whose block left the chain and that no block took back: its credit is taken
 * back from the investor's available balance and the account is flagged for an admin's review. A
 * balance too low to take it back from (already withdrawn or invested) is flagged the same, and the
 * payment stays reorged for the admin (nothing retries it).
 */
async function reverseOne(q: Queryable, id: string, height: number): Promise<boolean> {
  const { rows } = await q.query<PaymentRow>(`${PAYMENT} WHERE p.id = $1 AND p.status = 'reorged' AND p.orphaned_until <= $2 FOR UPDATE OF p`, [id, height]);
  const p = rows[0];
  if (!p || !p.deposit_id || p.credited_cents === null) return false;
  const asset = METHOD_ASSET[p.d_method ?? CHAIN_METHOD[p.chain]];
  const cents = Number(p.credited_cents);
  const from = available(p.uid, asset);
  const balance = await q.query<{ balance: string }>('SELECT balance FROM accounts WHERE id = $1 FOR UPDATE', [from.id]);
  const usd = centsToUsd(cents).toFixed(2);
  if (Number(balance.rows[0]?.balance ?? 0) < cents) {
    await q.query('UPDATE chain_payments SET orphaned_until = NULL WHERE id = $1', [p.id]);
    await flagForReview(q, p.uid, `A credited ${p.chain} deposit (${p.txid}) left the chain; its ${usd} USD could not be taken back (balance too low)`);
    return false;
  }
  await transfer(q, { debit: from, credit: custody(asset), amountCents: cents, kind: 'deposit_reversal', actor: 'system', reason: `Deposit reversed: ${p.txid} left the ${p.chain} chain`, ref: { type: 'deposit', id: p.deposit_id } });
  await q.query("UPDATE chain_payments SET status = 'reversed', orphaned_until = NULL WHERE id = $1", [p.id]);
  await flagForReview(q, p.uid, `A credited ${p.chain} deposit (${p.txid}) left the chain; its ${usd} USD was reversed`);
  return true;
}

async function flagForReview(q: Queryable, uid: string, reason: string): Promise<void> {
  await q.query('UPDATE users SET review_reason = $2, review_since = COALESCE(review_since, now()) WHERE id = $1', [uid, reason]);
}
