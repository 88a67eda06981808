import type { ListQuery } from '@halcyon/api-client/react';
import { LEDGER_READS } from '../../lib/ledgerReads';
import { useList } from '../../lib/useList';

// Each screen reads its own pages from the server (issue 10): the pending screens ask for their
// statuses, the histories for everything, newest first unless the admin sorts otherwise.

export const DEPOSITS_FAILED = 'Failed to fetch deposits.';
export const WITHDRAWALS_FAILED = 'Failed to fetch withdrawals.';
export const WITHDRAWALS_ACTION_FAILED = 'Failed to process Withdrawals';
export const TRANSACTIONS_FAILED = 'Failed to fetch transactions.';

/** What approving or declining a deposit changes. */
export const DEPOSIT_CHANGES = ['listDeposits', ...LEDGER_READS] as const;
/** What approving, declining or processing a withdrawal changes. */
export const WITHDRAWAL_CHANGES = ['listWithdrawals', ...LEDGER_READS] as const;

/** Deposits; `status` (a comma list) is the server's filter. */
export const useDeposits = (filters?: ListQuery<'listDeposits'>) => useList('listDeposits', filters);

/** Withdrawals; `status` (a comma list) is the server's filter. */
export const useWithdrawals = (filters?: ListQuery<'listWithdrawals'>) => useList('listWithdrawals', filters);

/** Every transaction of every user. */
export const useAllTransactions = () => useList('allTransactions');
