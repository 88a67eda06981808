import type { EndpointName } from '@halcyon/api-client/model';

/**
 * What every money movement also changes besides its own list: the overview's figures, the users'
 * balances and the all-transactions history. Actions invalidate these with their list.
 */
export const LEDGER_READS = ['solvency', 'listUsers', 'allTransactions'] as const satisfies readonly EndpointName[];
