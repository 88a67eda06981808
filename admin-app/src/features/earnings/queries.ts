import { useApiQuery } from '@halcyon/api-client';
import { LEDGER_READS } from '../../lib/ledgerReads';
import { newestOf } from '../../lib/select';

export const EARNINGS_FAILED = 'Failed to fetch earnings.';

/** What crediting or deducting earnings changes: the investment's figures and the earnings history. */
export const EARNINGS_CHANGES = ['listInvestments', 'listEarnings', ...LEDGER_READS] as const;

/** Every earnings movement, newest first. */
export const useEarnings = () => useApiQuery('listEarnings', undefined, { select: newestOf });
