import { TraderCard, ReadState, withToasts } from '@halcyon/app-kit';
import { useState } from 'react';
import { Button, ConfirmDialog, EmptyState, LoadMore, Grid, Heading, Page } from '@halcyon/shared-ui';
import type { Trader } from '@halcyon/api-client/model';
import { ApiError } from '@halcyon/api-client/http';
import { useApiMutation, useApiPages, useProfileQuery, type ListPage } from '@halcyon/api-client/react';
import { BackLink } from '../features/navigation/BackLink';

/** Spec 7: the list comes in `data` (a page) or as a bare array (all of it); anything else is rejected. */
function tradersOf(body: unknown): ListPage<'getTraders'> {
  const list: unknown = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) throw new ApiError('Invalid data format received', 200, 'FORMAT');
  return { data: list as Trader[], page: (body as { page?: ListPage<'getTraders'>['page'] }).page ?? { nextCursor: null } };
}

/**
 * /user/copy-trading: a card per trader with a Copy / Cancel toggle. Copying starts only once the
 * investor has confirmed it (issue 29: one tap started it); stopping is at once.
 */
export default function CopyTrading() {
  const copying = useProfileQuery().data?.copyTraders ?? [];
  const query = useApiPages('getTraders', undefined, { parse: tradersOf });
  const { data } = query;
  // Who is copied is part of the profile: read again after a toggle.
  const toggleCopy = useApiMutation('toggleCopy', { invalidates: ['getProfile'] });
  const busyId = toggleCopy.isPending ? toggleCopy.variables.input?.params.id : undefined;

  // The trader whose copying waits for the investor's yes.
  const [asking, setAsking] = useState<Trader | null>(null);

  const toggle = (trader: Trader) =>
    withToasts(
      { success: (res) => (res.data.copying ? 'Started copying!' : 'Stopped copying!'), failure: 'Failed to toggle copy' },
      () => toggleCopy.mutateAsync({ input: { params: { id: trader._id } } }),
    );

  return (
    <Page>
      <BackLink />
      <Heading>Copy Trading</Heading>
      <ReadState query={query} fallback="Failed to fetch traders" loading="Loading traders..." />
      {data && data.length === 0 ? <EmptyState message="No traders to copy yet." /> : null}
      {data && data.length > 0 ? (
        <Grid as="ul" $min={260} aria-label="Traders">
          {data.map((t) => {
            const active = copying.includes(t._id);
            const action = (
              <Button variant={active ? 'secondary' : 'primary'} onClick={() => (active ? void toggle(t) : setAsking(t))} loading={busyId === t._id} aria-pressed={active} fullWidth>
                {active ? 'Cancel' : 'Copy'}
              </Button>
            );
            return <TraderCard key={t._id} trader={t} action={action} />;
          })}
        </Grid>
      ) : null}
      <LoadMore hasMore={query.hasNextPage} onLoadMore={query.fetchNextPage} loading={query.isFetchingNextPage} />
      <ConfirmDialog
        open={asking !== null}
        title={`Copy ${asking?.name ?? 'this trader'}?`}
        message={`Their trades are mirrored in your account, and ${asking?.profitShare ?? 'a share'} of the profit goes to them. You can stop copying at any time.`}
        confirmLabel="Start copying"
        cancelLabel="Not now"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const trader = asking;
          setAsking(null);
          if (trader) void toggle(trader);
        }}
      />
    </Page>
  );
}

