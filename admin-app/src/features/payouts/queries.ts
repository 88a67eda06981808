import { useApiQuery } from '@halcyon/api-client/react';
import { dataOf } from '../../lib/select';

export const PAYOUTS_FAILED = 'Failed to fetch the payouts.';

/** What an offline signature changes: the payouts' own read (the row leaves 'offline' once the signer has checked it). */
export const PAYOUT_CHANGES = ['payoutsOverview'] as const;

/**
 * GET /admin/payouts (issue 27): the signers, the hot wallets against their limits and queues, the
 * open payouts and the alerts. Read again every `every` ms while the page is visible (never in a
 * hidden tab) and whenever the window gets the focus back, however fresh the last read.
 */
export function usePayoutsOverview({ every }: { every: number }) {
  return useApiQuery('payoutsOverview', undefined, {
    select: dataOf,
    refetchInterval: every,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
}
