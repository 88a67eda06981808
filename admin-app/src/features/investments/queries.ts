import { useApiQuery, type InvestmentStatus } from '@halcyon/api-client';
import { LEDGER_READS } from '../../lib/ledgerReads';
import { newestOf } from '../../lib/select';

export const INVESTMENTS_FAILED = 'Failed to fetch investments.';

/** What stopping, processing or approving an investment changes. */
export const INVESTMENT_CHANGES = ['listInvestments', ...LEDGER_READS] as const;

/**
 * Investments, newest first; `status` is the server's filter (the query's input, so each status has
 * its own cache entry; all of them and Top Earnings share the unfiltered one).
 */
export function useInvestments({ status }: { status?: InvestmentStatus } = {}) {
  return useApiQuery('listInvestments', status ? { query: { status } } : undefined, { select: newestOf });
}
