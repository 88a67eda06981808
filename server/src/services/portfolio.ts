import type { PortfolioHistory, PortfolioRange } from '@halcyon/api-client/contract';
import type { Queryable } from '../db/types';
import { iso } from '../ledger/rows';
import { dbUsd } from '../ledger/money';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back each range goes and the spacing of its points (about 30–60 points each). */
const RANGES: Record<Exclude<PortfolioRange, 'all'>, { span: number; step: number }> = {
  '7d': { span: 7 * DAY, step: 6 * HOUR },
  '30d': { span: 30 * DAY, step: DAY },
  '1y': { span: 365 * DAY, step: 7 * DAY },
};
const ALL_POINTS = 60;
const MAX_EVENTS = 100;

/** The net change of the user's accounts per transfer since `from` (moves between their own accounts net to 0). */
const NETS_SQL = `
WITH mine AS (SELECT id FROM accounts WHERE owner = $1),
p AS (
  SELECT t.id, t.created_at, t.kind, t.amount_cents AS delta FROM transfers t WHERE t.credit_account IN (SELECT id FROM mine) AND t.created_at >= $2
  UNION ALL
  SELECT t.id, t.created_at, t.kind, -t.amount_cents FROM transfers t WHERE t.debit_account IN (SELECT id FROM mine) AND t.created_at >= $2
)
SELECT p.id, p.created_at, p.kind, SUM(p.delta)::text AS net FROM p GROUP BY p.id, p.created_at, p.kind ORDER BY p.created_at, p.id`;

/** What the user's accounts held just before `from`: the sum of their balances' history up to it. */
const OPENING_SQL = `
WITH mine AS (SELECT id FROM accounts WHERE owner = $1)
SELECT (COALESCE((SELECT SUM(t.amount_cents) FROM transfers t WHERE t.credit_account IN (SELECT id FROM mine) AND t.created_at < $2), 0)
      - COALESCE((SELECT SUM(t.amount_cents) FROM transfers t WHERE t.debit_account IN (SELECT id FROM mine) AND t.created_at < $2), 0))::text AS opening`;

/** When money first reached the user's accounts (every first transfer credits them). */
const FIRST_SQL = `SELECT min(t.created_at) AS first FROM transfers t WHERE t.credit_account IN (SELECT id FROM accounts WHERE owner = $1)`;

/**
 * The value of all the user's accounts (available, held, invested, earnings) over `range`, from
 * the ledger: the value at each step's end, and the deposits and payouts in between. Reads the
 * range's transfers and one sum before it, never the platform's history.
 */
export async function portfolioHistory(q: Queryable, uid: string, range: PortfolioRange, now: Date): Promise<PortfolioHistory> {
  let start: Date;
  let step: number;
  if (range === 'all') {
    const first = (await q.query<{ first: Date | null }>(FIRST_SQL, [uid])).rows[0]?.first;
    start = first ?? now;
    step = Math.max(HOUR, Math.ceil((now.getTime() - start.getTime()) / ALL_POINTS));
  } else {
    start = new Date(now.getTime() - RANGES[range].span);
    step = RANGES[range].step;
  }
  const opening = BigInt((await q.query<{ opening: string }>(OPENING_SQL, [uid, start])).rows[0]?.opening ?? '0');
  const nets = (await q.query<{ id: string; created_at: Date; kind: string; net: string }>(NETS_SQL, [uid, start])).rows;

  const points: PortfolioHistory['points'] = [];
  let value = opening;
  let next = 0;
  for (let at = start.getTime(); ; at = Math.min(at + step, now.getTime())) {
    for (let n = nets[next]; n && n.created_at.getTime() <= at; n = nets[++next]) value += BigInt(n.net);
    points.push({ at: iso(new Date(at)), value: dbUsd(value) });
    if (at >= now.getTime()) break;
  }
  const events = nets
    .filter((n) => (n.kind === 'deposit' && BigInt(n.net) > 0n) || (n.kind === 'withdrawal_payout' && BigInt(n.net) < 0n))
    .slice(-MAX_EVENTS)
    .map((n) => ({ at: iso(n.created_at), kind: n.kind === 'deposit' ? ('deposit' as const) : ('withdrawal' as const), amount: Math.abs(dbUsd(n.net)) }));
  return { range, points, events };
}
