import { csvTextCell, type LedgerEntry } from '@halcyon/api-client';

// The investor's statement (/user/statement): labels, filters, monthly opening/closing balances
// and the CSV export, all from GET /user/ledger's entries (newest first, as the server sends them).

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

export const ACTOR_LABELS: Record<LedgerEntry['actor'], string> = { you: 'You', system: 'System', administrator: 'An administrator' };

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

export interface StatementFilter {
  asset: string;
  kind: string;
  /** YYYY-MM-DD, inclusive; '' = open */
  from: string;
  to: string;
}

export function filterEntries(entries: readonly LedgerEntry[], f: StatementFilter): LedgerEntry[] {
  return entries.filter(
    (e) =>
      (!f.asset || e.asset === f.asset) &&
      (!f.kind || e.kind === f.kind) &&
      (!f.from || e.createdAt.slice(0, 10) >= f.from) &&
      (!f.to || e.createdAt.slice(0, 10) <= f.to),
  );
}

/** Months (YYYY-MM, UTC) that have entries, newest first. */
export function monthsOf(entries: readonly LedgerEntry[]): string[] {
  return [...new Set(entries.map((e) => e.createdAt.slice(0, 7)))].sort().reverse();
}

export interface MonthlyStatement {
  month: string;
  /** Per asset with any entry by the month's end: its balance at the start and at the end of the month. */
  balances: Array<{ asset: string; opening: number; closing: number }>;
  /** The month's entries, oldest first (a statement reads forwards). */
  entries: LedgerEntry[];
}

export function monthlyStatement(entries: readonly LedgerEntry[], month: string): MonthlyStatement {
  const oldestFirst = [...entries].reverse();
  const balances = STATEMENT_ASSETS.flatMap(({ value: asset }) => {
    const upTo = (end: (e: LedgerEntry) => boolean) => oldestFirst.filter((e) => e.asset === asset && end(e)).at(-1)?.assetBalanceAfter;
    const opening = upTo((e) => e.createdAt.slice(0, 7) < month);
    const closing = upTo((e) => e.createdAt.slice(0, 7) <= month);
    return closing === undefined ? [] : [{ asset, opening: opening ?? 0, closing }];
  });
  return { month, balances, entries: oldestFirst.filter((e) => e.createdAt.slice(0, 7) === month) };
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
