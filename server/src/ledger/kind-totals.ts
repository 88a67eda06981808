import type { Queryable } from '../db/types';

/**
 * Σ of the balances of every account of a kind, per asset: `kind:asset` → cents. What the admin
 * overview shows (features/solvency). Summing every account grows with the platform (2 s at a
 * million investors, bench/RESULTS.md "scale"), so each ledger seal also stores these totals as
 * of its last transfer (migration 015), and a read adds only the transfers after the last seal:
 * at most one run of the ledger-seal job's worth.
 */
export type KindTotals = Map<string, bigint>;

/** Net movement of each kind and asset over the transfers matching `range` (on alias t): credits in, debits out. */
const MOVEMENT = (range: string) => `SELECT a.kind, a.asset, SUM(m.delta)::text AS cents FROM (
    SELECT t.credit_account AS account, t.amount_cents AS delta FROM transfers t WHERE ${range}
    UNION ALL
    SELECT t.debit_account, -t.amount_cents FROM transfers t WHERE ${range}
  ) m JOIN accounts a ON a.id = m.account GROUP BY a.kind, a.asset`;

interface TotalRow {
  kind: string;
  asset: string;
  cents: string;
}

const toTotals = (rows: readonly TotalRow[]): KindTotals => new Map(rows.map((r) => [`${r.kind}:${r.asset}`, BigInt(r.cents)]));

function add(a: KindTotals, b: KindTotals): KindTotals {
  const sum = new Map(a);
  for (const [key, cents] of b) sum.set(key, (sum.get(key) ?? 0n) + cents);
  return sum;
}

/** The net movement of the transfers with ids in (after, through]; `through` null: every one after `after`. */
async function movement(q: Queryable, after: string, through: string | null): Promise<KindTotals> {
  const range = through === null ? 't.id > $1::bigint' : 't.id > $1::bigint AND t.id <= $2::bigint';
  const { rows } = await q.query<TotalRow>(MOVEMENT(range), through === null ? [after] : [after, through]);
  return toTotals(rows);
}

/** As stored in `ledger_seals.totals`: cents as strings (JSON numbers stop being exact at 2^53). */
export const totalsJson = (totals: KindTotals): string => JSON.stringify(Object.fromEntries([...totals].map(([k, v]) => [k, v.toString()])));
const fromJson = (json: Record<string, string>): KindTotals => new Map(Object.entries(json).map(([k, v]) => [k, BigInt(v)]));

/**
 * The totals through transfer `through` for a new seal, from the previous seal's. A seal from
 * before migration 015 has none: then the one sum over every earlier transfer is done here, once,
 * by the seal job (never by a request).
 */
export async function totalsThrough(q: Queryable, previous: { lastTransfer: string; totals: Record<string, string> | null } | null, through: string): Promise<KindTotals> {
  const after = previous?.lastTransfer ?? '0';
  const before = previous === null ? new Map<string, bigint>() : previous.totals ? fromJson(previous.totals) : await movement(q, '0', after);
  return add(before, await movement(q, after, through));
}

/**
 * Every kind's totals now: the last seal's plus the transfers after it. Every transfer up to a
 * seal's last one had committed when it was sealed (the seal horizon), so the two parts neither
 * miss nor double-count one, even when a seal is written between the two reads. Without a seal
 * with totals yet, the accounts are summed.
 */
export async function ledgerTotals(q: Queryable): Promise<KindTotals> {
  const head = (await q.query<{ last_transfer: string; totals: Record<string, string> | null }>('SELECT last_transfer::text, totals FROM ledger_seals ORDER BY id DESC LIMIT 1')).rows[0];
  if (!head?.totals) {
    const { rows } = await q.query<TotalRow>('SELECT kind, asset, SUM(balance)::text AS cents FROM accounts GROUP BY kind, asset');
    return toTotals(rows);
  }
  return add(fromJson(head.totals), await movement(q, head.last_transfer, null));
}
