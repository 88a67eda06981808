import type { ListQuery } from '@halcyon/api-client/react';
import { LEDGER_READS } from '../../lib/ledgerReads';
import { useList } from '../../lib/useList';

export const INVESTMENTS_FAILED = 'Failed to fetch investments.';

/** What stopping, processing or approving an investment changes. */
export const INVESTMENT_CHANGES = ['listInvestments', ...LEDGER_READS] as const;

/** Investments read from the server by its filters (each status, and Top Earnings' order, its own pages). */
export const useInvestments = (filters?: ListQuery<'listInvestments'>) => useList('listInvestments', filters);
