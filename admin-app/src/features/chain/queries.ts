import { useApiQuery } from '@halcyon/api-client/react';
import { dataOf } from '../../lib/select';

export const CHAIN_FAILED = 'Failed to fetch the chains.';

/**
 * GET /admin/chain (issue 26): the followers, the payments that need an eye, the reserves and the
 * accounts flagged for review. One cache entry for the Chains screen and the overview's reserves;
 * `every` reads it again on that interval while the page is visible (never in a hidden tab).
 */
export function useChainStatus({ every }: { every?: number } = {}) {
  return useApiQuery('chainStatus', undefined, {
    select: dataOf,
    ...(every ? { refetchInterval: every, refetchIntervalInBackground: false } : {}),
  });
}
