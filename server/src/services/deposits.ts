import type { Chain, CreateDepositBody, Deposit, DepositMethod, DepositPayment, ParsedQueryOf } from '@halcyon/api-client/contract';
import { CHAIN_COIN, METHOD_ASSET, METHOD_CHAIN } from '@halcyon/api-client/contract';
import { formatUnits } from '../chain/blocks';
import type { Chains } from '../chain/chains';
import { PriceUnavailable, unitsForCents } from '../chain/price';
import { Params, readPage, type Cursors, type Paged } from '../db/keyset';
import { requestOrders, requestRows } from '../db/request-lists';
import { searchUsers } from '../db/user-search';
import type { Queryable } from '../db/types';
import type { Deps } from '../deps';
import { AppError, conflict, forbidden, notFound } from '../errors';
import { idempotent } from '../ledger/idempotency';
import { dbUsd, usdToCents } from '../ledger/money';
import { iso, isoOrNull, userRef, type UserColumns } from '../ledger/rows';
import { INFLOW_CEILING_CENTS, ledgerRefusal } from '../ledger/transfer';
import { refuseTransition } from '../ledger/transitions';
import { depositAddress, familyXpub } from './deposit-addresses';
import { checkDepositLimits } from './request-limits';

interface DepositRow extends UserColumns {
  id: string;
  uid: string;
  method: DepositMethod;
  amount_cents: string;
  status: Deposit['status'];
  created_at: Date;
  decided_at: Date | null;
  // The quote (null for manual review) and its latest payment (docs/chain.md "Quotes").
  chain: Chain | null;
  pay_address: string | null;
  pay_uri: string | null;
  crypto_units: string | null;
  coin_decimals: number | null;
  expires_at: Date | null;
  confirmations_required: number | null;
  expired: boolean | null;
  p_status: string | null;
  p_txid: string | null;
  p_units: string | null;
  p_confirmations: number | null;
}

// Deposit rows `d` (a table or a CTE) with their owner's name and email, and a quote's payment:
// the latest one linked to it (one that left the chain last), with its confirmations from the
// follower's cursor.
const COLUMNS = `d.id, d.uid, d.method, d.amount_cents, d.status, d.created_at, d.decided_at, u.name AS user_name, u.email AS user_email,
  d.chain, d.pay_address, d.pay_uri, d.crypto_units::text, d.coin_decimals, d.expires_at, d.confirmations_required, d.expires_at <= now() AS expired,
  p.status AS p_status, p.txid AS p_txid, p.amount_units::text AS p_units,
  (SELECT (c.height - p.block_height + 1)::int FROM chain_cursors c WHERE c.chain = d.chain) AS p_confirmations`;
const FROM = (from: string) => `${from} JOIN users u ON u.id = d.uid
  LEFT JOIN LATERAL (SELECT * FROM chain_payments cp WHERE d.chain IS NOT NULL AND cp.deposit_id = d.id
                     ORDER BY cp.status IN ('orphaned', 'reorged', 'reversed'), cp.id DESC LIMIT 1) p ON true`;
const select = (from: string) => `SELECT ${COLUMNS} FROM ${FROM(from)}`;

/** What the investor sees of a quote's payment (docs/chain.md "What people see"). */
function paymentOf(r: DepositRow, chains: Chains | null): DepositPayment | null {
  if (!r.chain || !r.pay_address || !r.pay_uri || r.crypto_units === null || r.coin_decimals === null || !r.expires_at || r.confirmations_required === null) return null;
  const decimals = r.coin_decimals;
  const onChain = r.p_status === 'seen' || r.p_status === 'credited';
  const state: DepositPayment['state'] =
    r.p_status === 'orphaned' || r.p_status === 'reorged' || r.p_status === 'reversed' ? 'orphaned'
    : r.status === 'approved' ? 'credited'
    : r.p_status === 'seen' ? 'seen'
    : r.expired ? 'expired' : 'waiting';
  const amount = formatUnits(BigInt(r.crypto_units), decimals);
  return {
    network: r.chain,
    coin: CHAIN_COIN[r.chain],
    address: r.pay_address,
    cryptoAmount: amount,
    uri: r.pay_uri ?? '',
    expiresAt: iso(r.expires_at),
    confirmationsRequired: r.confirmations_required,
    state,
    txid: r.p_txid,
    confirmations: onChain ? Math.max(0, r.p_confirmations ?? 0) : 0,
    paidAmount: r.p_units === null ? null : formatUnits(BigInt(r.p_units), decimals),
    explorerUrl: r.p_txid ? (chains?.watched[r.chain]?.explorerUrl(r.p_txid) ?? null) : null,
  };
}

/** `chains` for the explorer links of payments (null where no deposit can have one: an admin's approval). */
const toDeposit = (chains: Chains | null) => (r: DepositRow): Deposit => ({
  id: r.id, uid: r.uid, amount: dbUsd(r.amount_cents), method: r.method, status: r.status,
  createdAt: iso(r.created_at), decidedAt: isoOrNull(r.decided_at), user: userRef(r), payment: paymentOf(r, chains),
});

/** A quote's facts: what the deposit row keeps of it. */
interface Quote {
  chain: Chain;
  address: string;
  units: bigint;
  decimals: number;
  expiresAt: Date;
  confirmations: number;
  uri: string;
}

/**
 * The quote for `cents` of `method` when its chain is watched and its key is set (docs/chain.md
 * "Quotes"): the investor's own address, the coin amount at the price of now (refused when the
 * price is stale: 503 PRICE_UNAVAILABLE), until QUOTE_MINUTES from now. null: manual review.
 */
async function quoteFor(deps: Pick<Deps, 'db' | 'config' | 'chains' | 'clock'>, uid: string, method: DepositMethod, cents: number): Promise<Quote | null> {
  const chain = METHOD_CHAIN[method];
  const watched = chain ? deps.chains.watched[chain] : undefined;
  if (!chain || !watched) return null;
  const xpub = await familyXpub(deps.db, watched.family);
  if (!xpub) return null;
  const now = deps.clock.now();
  let units: bigint;
  let decimals: number;
  try {
    decimals = await watched.decimals();
    units = unitsForCents(cents, await deps.chains.prices.price(watched.asset, now), decimals);
  } catch (error) {
    const why = error instanceof PriceUnavailable ? error.message : `the ${chain} node cannot be reached`;
    throw new AppError(503, 'PRICE_UNAVAILABLE', `A ${watched.coin} deposit cannot be quoted right now (${why}); please try again in a few minutes`, { 'retry-after': '60' });
  }
  const address = await depositAddress(deps.db, uid, watched.family, xpub, deps.chains.bitcoinNetwork);
  return {
    chain, address, units, decimals,
    expiresAt: new Date(now.getTime() + deps.config.chain.quoteMinutes * 60_000),
    confirmations: watched.confirmations,
    uri: await watched.paymentUri(address, units),
  };
}

/**
 * POST /deposit: a pending deposit in the request's Idempotency-Key. With its chain watched, a
 * quote the chain's follower credits (docs/chain.md); else an admin reviews it (the spec's flow).
 */
export async function fileDeposit(
  deps: Pick<Deps, 'db' | 'config' | 'chains' | 'clock'>,
  uid: string,
  body: CreateDepositBody,
  idempotencyKey: string | undefined,
): Promise<Deposit> {
  if (body.from !== uid) throw forbidden('You can only deposit into your own account');
  const cents = usdToCents(body.amount);
  const quote = await quoteFor(deps, uid, body.method, cents);
  return idempotent(deps.db, { uid, key: idempotencyKey, route: 'createDeposit', request: { body } }, async (q) => {
    await checkDepositLimits(q, deps.config.requestLimits, uid, cents);
    return createDeposit(q, deps.chains, uid, body.method, cents, quote);
  });
}

/** A pending deposit: nothing moves until an admin approves it, or its quote's payment confirms. */
export async function createDeposit(q: Queryable, chains: Chains | null, uid: string, method: DepositMethod, amountCents: number, quote: Quote | null = null): Promise<Deposit> {
  const r = await q.query<DepositRow>(
    `WITH d AS (INSERT INTO deposits (uid, requested_method, method, amount_cents, chain, pay_address, pay_uri, crypto_units, coin_decimals, quoted_cents, expires_at, confirmations_required)
                VALUES ($1, $2, $2, $3::bigint, $4::text, $5, $6, $7::numeric, $8::smallint, CASE WHEN $4::text IS NULL THEN NULL ELSE $3::bigint END, $9::timestamptz, $10::integer) RETURNING *) ${select('d')}`,
    [uid, method, amountCents, quote?.chain ?? null, quote?.address ?? null, quote?.uri ?? null, quote?.units.toString() ?? null, quote?.decimals ?? null, quote?.expiresAt ?? null, quote?.confirmations ?? null],
  );
  return toDeposit(chains)(r.rows[0] as DepositRow);
}

/** GET /deposit/{id}: the caller's own deposit with its payment's state (404 for anyone else's). */
export async function readOwnDeposit(q: Queryable, chains: Chains, uid: string, id: string): Promise<Deposit> {
  const { rows } = await q.query<DepositRow>(`${select('deposits d')} WHERE d.id = $1 AND d.uid = $2`, [id, uid]);
  const row = rows[0];
  if (!row) throw notFound('Deposit not found');
  return toDeposit(chains)(row);
}

/**
 * pending → approved with the method the admin confirms, and its money: custody:{asset} →
 * available:{asset}, as one statement (the database's deposit_approve, migration 018).
 */
export async function approveDeposit(q: Queryable, adminUid: string, id: string, method: DepositMethod): Promise<Deposit> {
  const quoted = await q.query<{ chain: Chain | null }>('SELECT chain FROM deposits WHERE id = $1', [id]);
  // The chain is the only judge of a quote: an approval could credit a payment the follower credits too.
  if (quoted.rows[0]?.chain) throw conflict(`This deposit is paid on the ${quoted.rows[0].chain} chain: it is credited when its payment confirms, not by review`, 'DEPOSIT_ON_CHAIN');
  let rows: DepositRow[];
  try {
    ({ rows } = await q.query<DepositRow>('SELECT * FROM deposit_approve($1, $2, $3, $4, $5, $6)', [
      id, method, METHOD_ASSET[method], adminUid, `Deposit approved (${method})`, INFLOW_CEILING_CENTS,
    ]));
  } catch (error) {
    throw ledgerRefusal(error) ?? error;
  }
  return toDeposit(null)(rows[0] ?? (await refuseTransition(q, 'deposits', id, 'Deposit', 'approved', 'approved')));
}

/**
 * pending → declined; nothing moves. One statement (the refusal's read only when it matched
 * nothing). A quote whose payment is on the chain is the follower's to credit.
 */
export async function declineDeposit(q: Queryable, chains: Chains, adminUid: string, id: string): Promise<Deposit> {
  const r = await q.query<DepositRow>(
    `WITH d AS (UPDATE deposits SET status = 'declined', decided_at = now(), decided_by = $2
                WHERE id = $1 AND status = 'pending'
                  AND NOT EXISTS (SELECT 1 FROM chain_payments cp WHERE cp.deposit_id = deposits.id AND cp.status NOT IN ('orphaned', 'reversed'))
                RETURNING *) ${select('d')}`,
    [id, adminUid],
  );
  if (r.rows[0]) return toDeposit(chains)(r.rows[0]);
  const paid = await q.query("SELECT 1 FROM deposits WHERE id = $1 AND status = 'pending'", [id]);
  if (paid.rows.length) throw conflict('This deposit\'s payment is on the chain: it is credited when it confirms, and cannot be declined', 'DEPOSIT_ON_CHAIN');
  return refuseTransition(q, 'deposits', id, 'Deposit', 'declined', 'declined');
}

const ORDERS = requestOrders('d');

/** A page of deposits with the query's filters (docs/api.md "Lists"). */
export async function listDeposits(q: Queryable, chains: Chains, cursors: Cursors, query: ParsedQueryOf<'listDeposits'>): Promise<Paged<Deposit>> {
  const params = new Params();
  const { base, where } = requestRows('deposits', 'd', query, params, query.q ? await searchUsers(q, query.q) : null);
  const { rows, page } = await readPage<DepositRow>(q, cursors, { list: 'deposits', columns: COLUMNS, from: FROM('deposits d'), base: { table: base, id: 'd.id' }, where, params, order: ORDERS[query.sort] }, query);
  return { data: rows.map(toDeposit(chains)), page };
}
