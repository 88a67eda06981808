import { api, type Deposit } from '@halcyon/api-client';
import { newestFirst } from '../../lib/format';

export const DEPOSITS_FAILED = 'Failed to fetch deposits.';
export const loadDeposits = async (signal: AbortSignal): Promise<Deposit[]> => newestFirst((await api.listDeposits(undefined, { signal })).data);
