import { api, type Withdrawal } from '@halcyon/api-client';
import { newestFirst } from '../../lib/format';

export const WITHDRAWALS_FAILED = 'Failed to fetch withdrawals.';
export const WITHDRAWALS_ACTION_FAILED = 'Failed to process Withdrawals';
export const loadWithdrawals = async (signal: AbortSignal): Promise<Withdrawal[]> => newestFirst((await api.listWithdrawals(undefined, { signal })).data);
