import type { Queryable } from '../db/types';
import { ledgerTotals } from './kind-totals';

/**
 * The ledger's invariants (docs/ledger.md), read straight from the database. Used by the server's
 * tests after every test and by the fault tests after load and crashes. Each list holds what breaks
 * a rule; all empty means the ledger is sound.
 */
export interface LedgerCheck {
  /** Conservation: assets whose account balances do not sum to zero. */
  unbalancedAssets: { asset: string; sum: string }[];
  /** Accounts whose balance differs from their credits minus debits in `transfers`. */
  driftedAccounts: { id: string; balance: string; fromTransfers: string }[];
  /** Accounts whose deposited_cents / paid_out_cents (migration 018) differ from their deposit / payout transfers. */
  figureMismatches: { id: string; deposited: string; paidOut: string; deposits: string; payouts: string }[];
  /** User accounts below zero. */
  negativeUserAccounts: { id: string; balance: string }[];
  /** held/invested accounts that differ from the user's open withdrawals / live investments. */
  reservationMismatches: { account: string; balance: string; expected: string }[];
  /** Investors whose `open_withdrawals` count (migration 018) differs from their pending and processing withdrawals. */
  openWithdrawalMismatches: { uid: string; stored: string; counted: string }[];
  /** `ledger_inflow` differs from the sum of transfers out of platform accounts (docs/ledger.md "Ceiling"). */
  inflowMismatches: { total: string; fromTransfers: string }[];
  /** Investments whose `earnings_cents` (kept by a trigger, migration 014) differs from their earnings transfers. */
  earningsMismatches: { id: string; stored: string; fromTransfers: string }[];
  /** Kinds whose totals from the last seal plus the later transfers differ from their accounts' sum (ledger/kind-totals.ts). */
  sealTotalsMismatches: { key: string; fromSeal: string; accounts: string }[];
  /** `open_investor_count` (kept by a trigger, migration 017) differs from a count of the open investors. */
  investorCountMismatches: { stored: string; counted: string }[];
  transferCount: number;
}

/** Runs the checks; run it inside one snapshot (REPEATABLE READ) when writers may be active. */
export async function checkLedger(q: Queryable): Promise<LedgerCheck> {
  const unbalanced = await q.query<{ asset: string; sum: string }>(
    'SELECT asset, SUM(balance)::text AS sum FROM accounts GROUP BY asset HAVING SUM(balance) <> 0',
  );
  // One pass over the transfers for each account's balance and its deposit / payout totals.
  const accountRows = await q.query<{ id: string; balance: string; fromTransfers: string; deposited: string; paidOut: string; deposits: string; payouts: string }>(
    `SELECT a.id, a.balance::text AS balance, COALESCE(m.net, 0)::text AS "fromTransfers",
            a.deposited_cents::text AS deposited, a.paid_out_cents::text AS "paidOut",
            COALESCE(m.deposits, 0)::text AS deposits, COALESCE(m.payouts, 0)::text AS payouts
     FROM accounts a
     LEFT JOIN (
       SELECT account, SUM(delta) AS net, SUM(deposit) AS deposits, SUM(payout) AS payouts FROM (
         SELECT credit_account AS account, amount_cents AS delta, CASE WHEN kind = 'deposit' THEN amount_cents ELSE 0 END AS deposit, 0 AS payout FROM transfers
         UNION ALL
         SELECT debit_account, -amount_cents, 0, CASE WHEN kind = 'withdrawal_payout' THEN amount_cents ELSE 0 END FROM transfers
       ) moves GROUP BY account
     ) m ON m.account = a.id
     WHERE a.balance <> COALESCE(m.net, 0) OR a.deposited_cents <> COALESCE(m.deposits, 0) OR a.paid_out_cents <> COALESCE(m.payouts, 0)`,
  );
  const drifted = accountRows.rows.filter((r) => r.balance !== r.fromTransfers).map(({ id, balance, fromTransfers }) => ({ id, balance, fromTransfers }));
  const figures = accountRows.rows
    .filter((r) => r.deposited !== r.deposits || r.paidOut !== r.payouts)
    .map(({ id, deposited, paidOut, deposits, payouts }) => ({ id, deposited, paidOut, deposits, payouts }));
  const negative = await q.query<{ id: string; balance: string }>(
    'SELECT id, balance::text AS balance FROM accounts WHERE owner IS NOT NULL AND balance < 0',
  );
  // FULL JOIN: an open request without its account row is as wrong as an account without requests.
  const reserved = await q.query<{ account: string; balance: string; expected: string }>(
    `WITH acc AS (SELECT kind, owner, asset, balance FROM accounts WHERE kind IN ('held', 'invested')),
     req AS (
       SELECT 'held' AS kind, uid, asset, SUM(amount_cents) AS total FROM withdrawals WHERE status IN ('pending', 'processing') GROUP BY uid, asset
       UNION ALL
       SELECT 'invested', uid, asset, SUM(amount_cents) FROM investments WHERE status <> 'ended' GROUP BY uid, asset
     )
     SELECT COALESCE(acc.kind, req.kind) || ':' || COALESCE(acc.asset, req.asset) || ':' || COALESCE(acc.owner, req.uid) AS account,
            COALESCE(acc.balance, 0)::text AS balance, COALESCE(req.total, 0)::text AS expected
     FROM acc FULL JOIN req ON req.kind = acc.kind AND req.uid = acc.owner AND req.asset = acc.asset
     WHERE COALESCE(acc.balance, 0) <> COALESCE(req.total, 0)`,
  );
  const open = await q.query<{ uid: string; stored: string; counted: string }>(
    `SELECT COALESCE(o.uid, c.uid) AS uid, COALESCE(o.n, 0)::text AS stored, COALESCE(c.n, 0)::text AS counted
     FROM open_withdrawals o
     FULL JOIN (SELECT uid, count(*) AS n FROM withdrawals WHERE status IN ('pending', 'processing') GROUP BY uid) c ON c.uid = o.uid
     WHERE COALESCE(o.n, 0) <> COALESCE(c.n, 0)`,
  );
  const inflow = await q.query<{ total: string; fromTransfers: string }>(
    `SELECT i.total::text AS total, m.net::text AS "fromTransfers"
     FROM ledger_inflow i,
       (SELECT COALESCE(SUM(t.amount_cents), 0) AS net FROM transfers t JOIN accounts a ON a.id = t.debit_account WHERE a.owner IS NULL) m
     WHERE i.total <> m.net`,
  );
  const earnings = await q.query<{ id: string; stored: string; fromTransfers: string }>(
    `SELECT i.id, i.earnings_cents::text AS stored, COALESCE(e.net, 0)::text AS "fromTransfers"
     FROM investments i
     LEFT JOIN (SELECT ref_id, SUM(CASE WHEN kind = 'earnings_deduct' THEN -amount_cents ELSE amount_cents END) AS net
                FROM transfers WHERE ref_type = 'investment' AND kind IN ('earnings_credit', 'earnings_deduct', 'maturity_earnings')
                GROUP BY ref_id) e ON e.ref_id = i.id
     WHERE i.earnings_cents <> COALESCE(e.net, 0)`,
  );
  const sums = await q.query<{ key: string; cents: string }>("SELECT kind || ':' || asset AS key, SUM(balance)::text AS cents FROM accounts GROUP BY kind, asset");
  const accounts = new Map(sums.rows.map((r) => [r.key, BigInt(r.cents)]));
  const fromSeal = await ledgerTotals(q);
  const sealTotals = [...new Set([...accounts.keys(), ...fromSeal.keys()])]
    .filter((key) => (fromSeal.get(key) ?? 0n) !== (accounts.get(key) ?? 0n))
    .map((key) => ({ key, fromSeal: String(fromSeal.get(key) ?? 0n), accounts: String(accounts.get(key) ?? 0n) }));
  const investors = await q.query<{ stored: string; counted: string }>(
    `SELECT stored::text, counted::text FROM
       (SELECT COALESCE(max(n), 0) AS stored FROM open_investor_count) s,
       (SELECT count(*) AS counted FROM users WHERE role = 'user' AND closed_at IS NULL) c
     WHERE stored <> counted`,
  );
  const count = await q.query<{ n: string }>('SELECT COUNT(*)::text AS n FROM transfers');
  return {
    unbalancedAssets: unbalanced.rows,
    driftedAccounts: drifted,
    figureMismatches: figures,
    negativeUserAccounts: negative.rows,
    reservationMismatches: reserved.rows,
    openWithdrawalMismatches: open.rows,
    inflowMismatches: inflow.rows,
    earningsMismatches: earnings.rows,
    sealTotalsMismatches: sealTotals,
    investorCountMismatches: investors.rows,
    transferCount: Number(count.rows[0]?.n ?? 0),
  };
}

/** One line per broken rule, for a failing test's message. */
export function describeViolations(c: LedgerCheck): string[] {
  return [
    ...c.unbalancedAssets.map((r) => `asset ${r.asset}: balances sum to ${r.sum}, not 0`),
    ...c.driftedAccounts.map((r) => `account ${r.id}: balance ${r.balance} but transfers sum to ${r.fromTransfers}`),
    ...c.figureMismatches.map((r) => `account ${r.id}: deposited_cents ${r.deposited} and paid_out_cents ${r.paidOut}, but its transfers give ${r.deposits} and ${r.payouts}`),
    ...c.negativeUserAccounts.map((r) => `user account ${r.id} is negative: ${r.balance}`),
    ...c.reservationMismatches.map((r) => `${r.account}: balance ${r.balance} but its open requests sum to ${r.expected}`),
    ...c.openWithdrawalMismatches.map((r) => `investor ${r.uid}: open_withdrawals says ${r.stored} but ${r.counted} withdrawals are pending or processing`),
    ...c.inflowMismatches.map((r) => `ledger_inflow is ${r.total} but transfers out of platform accounts sum to ${r.fromTransfers}`),
    ...c.earningsMismatches.map((r) => `investment ${r.id}: earnings_cents ${r.stored} but its earnings transfers sum to ${r.fromTransfers}`),
    ...c.investorCountMismatches.map((r) => `open_investor_count is ${r.stored} but ${r.counted} open investors are counted`),
    ...c.sealTotalsMismatches.map((r) => `${r.key}: the last seal's totals and later transfers give ${r.fromSeal}, the accounts ${r.accounts}`),
  ];
}
