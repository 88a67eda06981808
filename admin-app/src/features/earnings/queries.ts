import { LEDGER_READS } from '../../lib/ledgerReads';
import { useList } from '../../lib/useList';

export const EARNINGS_FAILED = 'Failed to fetch earnings.';

/** What crediting or deducting earnings changes: the investment's figures and the earnings history. */
export const EARNINGS_CHANGES = ['listInvestments', 'listEarnings', ...LEDGER_READS] as const;

/** Every earnings movement, newest first unless sorted otherwise. */
export const useEarnings = () => useList('listEarnings');
