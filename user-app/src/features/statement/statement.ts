import { csvTextCell, type LedgerEntry, type QueryOf } from '@halcyon/api-client/model';

// The investor's statement (/user/statement): labels, the filters as GET /user/ledger takes them,
// monthly opening/closing balances and the CSV export (entries newest first, as the server sends them).

export const KIND_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  withdrawal_hold: 'Withdrawal requested (funds held)',
  withdrawal_payout: 'Withdrawal paid out',
  withdrawal_release: 'Withdrawal declined (funds back)',
  investment_lock: 'Invested',
  investment_stop_principal: 'Investment stopped (principal back)',
  maturity_principal: 'Investment matured (principal back)',
  maturity_earnings: 'Maturity earnings',
  earnings_credit: 'Earnings credited',
  earnings_deduct: 'Earnings deducted',
};
export const kindLabel = (kind: string): string => KIND_LABELS[kind] ?? kind;

const ACTOR_LABELS: Record<LedgerEntry['actor'], string> = { you: 'You', system: 'System', administrator: 'An administrator' };

/** Assets as the statement names them: the four coins, and USD earnings. */
export const STATEMENT_ASSETS = [
  { value: 'btc', label: 'Bitcoin' },
  { value: 'usdt', label: 'USDT' },
  { value: 'eth', label: 'Ethereum' },
  { value: 'sol', label: 'Solana' },
  { value: 'usd', label: 'Earnings' },
] as const;
export const assetLabel = (asset: string): string => STATEMENT_ASSETS.find((a) => a.value === asset)?.label ?? asset;

/** Which account of the asset an entry moved: available, held, invested or earnings. */
export const accountLabel = (account: string): string => {
  const kind = account.split(':')[0] ?? account;
  return kind.charAt(0).toUpperCase() + kind.slice(1);
};

/** One business event in the statement: its legs (the postings of its transfers to the investor's accounts). */
export interface Movement {
  movementId: string;
  createdAt: string;
  /** The movement's first transfer names it: a maturity is "Investment matured", whose returns are a leg. */
  kind: string;
  reason: string;
  actor: LedgerEntry['actor'];
  /** What it changed in all the investor owns: the sum of its legs (0 when money moved between their own accounts). */
  net: number;
  /** What went into the investor's accounts: the sum of the positive legs (what a net-zero movement moved). */
  moved: number;
  /** The assets it touched, in the order of its legs. */
  assets: string[];
  /** Newest first, as the server sends them. */
  legs: LedgerEntry[];
}

const cents = (usd: number) => Math.round(usd * 100);

/**
 * The entries (newest first, a movement's legs side by side, as GET /user/ledger sends them) as one
 * row per movement, in the same order. Sums are taken in cents.
 */
export function movementsOf(entries: readonly LedgerEntry[]): Movement[] {
  const groups: LedgerEntry[][] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last && last[0]?.movementId === entry.movementId) last.push(entry);
    else groups.push([entry]);
  }
  return groups.map((legs) => {
    const head = legs.find((l) => l.transferId === l.movementId) ?? (legs[0] as LedgerEntry);
    return {
      movementId: head.movementId, createdAt: head.createdAt, kind: head.kind, reason: head.reason, actor: head.actor,
      net: legs.reduce((sum, l) => sum + cents(l.amount), 0) / 100,
      moved: legs.reduce((sum, l) => sum + Math.max(0, cents(l.amount)), 0) / 100,
      assets: [...new Set(legs.map((l) => l.asset))],
      legs,
    };
  });
}

export interface StatementFilter {
  asset: string;
  kind: string;
  /** YYYY-MM-DD, inclusive; '' = open */
  from: string;
  to: string;
}

/** The earnings account's movements: the usd "asset" of the statement. */
const EARNINGS_KINDS = ['maturity_earnings', 'earnings_credit', 'earnings_deduct'];

type LedgerQuery = QueryOf<'getLedger'>;

/**
 * The filter as the server's query. The ledger's `asset` filter knows the four coins only, so
 * Earnings (usd) is asked for by its kinds; null when nothing can match (Earnings and another kind).
 */
export function ledgerQuery(f: StatementFilter): LedgerQuery | null {
  const range = { from: f.from || undefined, to: f.to || undefined };
  if (f.asset !== 'usd') return { ...range, asset: f.asset || undefined, kind: f.kind || undefined };
  const kinds = EARNINGS_KINDS.filter((k) => !f.kind || k === f.kind);
  return kinds.length ? { ...range, kind: kinds.join(',') } : null;
}

/** Months (YYYY-MM, UTC) from the account's opening to `now`, newest first. */
export function monthsSince(openedAt: string, now: Date): string[] {
  const months: string[] = [];
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  for (let month = at.toISOString().slice(0, 7); month >= openedAt.slice(0, 7); month = at.toISOString().slice(0, 7)) {
    months.push(month);
    at.setUTCMonth(at.getUTCMonth() - 1);
  }
  return months;
}

/** The UTC day `offset` days from the first of the month (0: the 1st; -1: the last day before it). */
const dayOf = (month: string, months: number, offset: number): string => {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m - 1 + months, 1 + offset)).toISOString().slice(0, 10);
};

/** The month's first and last day, as the ledger's inclusive `from` and `to`. */
export const monthRange = (month: string) => ({ from: dayOf(month, 0, 0), to: dayOf(month, 1, -1) });

/** Per statement asset, the read of its newest entry before the month: its balance when the month opens. */
export const openingReads = (month: string) =>
  STATEMENT_ASSETS.map(({ value }) => ({ query: { ...ledgerQuery({ asset: value, kind: '', from: '', to: dayOf(month, 0, -1) }), limit: 1 } }));

export interface MonthlyStatement {
  month: string;
  /** Per asset with any entry by the month's end: its balance at the start and at the end of the month. */
  balances: Array<{ asset: string; opening: number; closing: number }>;
  /** The month's entries, oldest first (a statement reads forwards). */
  entries: LedgerEntry[];
}

/**
 * The month's statement from its entries (newest first) and, per asset in STATEMENT_ASSETS order,
 * the newest entry before the month (`openingReads`; undefined when there was none).
 */
export function monthlyStatement(monthEntries: readonly LedgerEntry[], before: ReadonlyArray<LedgerEntry | undefined>, month: string): MonthlyStatement {
  const balances = STATEMENT_ASSETS.flatMap(({ value: asset }, i) => {
    const opening = before[i]?.assetBalanceAfter;
    const closing = monthEntries.find((e) => e.asset === asset)?.assetBalanceAfter ?? opening;
    return closing === undefined ? [] : [{ asset, opening: opening ?? 0, closing }];
  });
  return { month, balances, entries: [...monthEntries].reverse() };
}

export function statementCsv(statement: MonthlyStatement): string {
  const header = ['Date (UTC)', 'Entry', 'Reason', 'By', 'Asset', 'Account', 'Amount (USD)', 'Account balance after', 'Asset balance after'];
  const lines = statement.entries.map((e) =>
    [
      csvTextCell(e.createdAt), csvTextCell(kindLabel(e.kind)), csvTextCell(e.reason), csvTextCell(ACTOR_LABELS[e.actor]), csvTextCell(assetLabel(e.asset)),
      csvTextCell(accountLabel(e.account)), e.amount.toFixed(2), e.balanceAfter.toFixed(2), e.assetBalanceAfter.toFixed(2),
    ].join(','),
  );
  const totals = statement.balances.map((b) => [csvTextCell(`${assetLabel(b.asset)}: opening`), b.opening.toFixed(2), csvTextCell('closing'), b.closing.toFixed(2)].join(','));
  return [header.map(csvTextCell).join(','), ...lines, '', ...totals].join('\r\n') + '\r\n';
}
