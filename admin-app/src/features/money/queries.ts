import { useApiQuery, type DepositStatus, type WithdrawalStatus } from '@halcyon/api-client';
import { LEDGER_READS } from '../../lib/ledgerReads';
import { newestFirst } from '../../lib/format';
import { newestOf } from '../../lib/select';

// One cached read per list, shared by the screens showing it (pending and history). The status
// filter is applied to that read here until the server pages the lists by status (issue 10),
// when it becomes the query's input.

export const DEPOSITS_FAILED = 'Failed to fetch deposits.';
export const WITHDRAWALS_FAILED = 'Failed to fetch withdrawals.';
export const WITHDRAWALS_ACTION_FAILED = 'Failed to process Withdrawals';
export const TRANSACTIONS_FAILED = 'Failed to fetch transactions.';

/** What approving or declining a deposit changes. */
export const DEPOSIT_CHANGES = ['listDeposits', ...LEDGER_READS] as const;
/** What approving, declining or processing a withdrawal changes. */
export const WITHDRAWAL_CHANGES = ['listWithdrawals', ...LEDGER_READS] as const;

/** Deposits, newest first; with `status`, only those. */
export function useDeposits({ status }: { status?: DepositStatus } = {}) {
  return useApiQuery('listDeposits', undefined, { select: (res) => newestFirst(status ? res.data.filter((d) => d.status === status) : res.data) });
}

/** Withdrawals, newest first; with `status`, only those in one of them. */
export function useWithdrawals({ status }: { status?: readonly WithdrawalStatus[] } = {}) {
  return useApiQuery('listWithdrawals', undefined, { select: (res) => newestFirst(status ? res.data.filter((w) => status.includes(w.status)) : res.data) });
}

/** Every transaction of every user, newest first. */
export const useAllTransactions = () => useApiQuery('allTransactions', undefined, { select: newestOf });
