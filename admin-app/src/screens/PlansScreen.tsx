import type { Plan } from '@halcyon/api-client/model';
import { useApiMutation } from '@halcyon/api-client/react';
import { Card, EmptyState, Facts, LoadMore, SearchBox, formatMoney, Grid } from '@halcyon/shared-ui';
import { ConfirmButton } from '../lib/ConfirmButton';
import { ReadState } from '@halcyon/app-kit';
import { Screen } from '../lib/Screen';
import { useConfirmedAction } from '../lib/useConfirmedAction';
import { useList } from '../lib/useList';

const planTitle = (p: Plan) => p.name ?? `${p.returns}% for ${p.duration} days`;

/** Plans as cards with Delete Plan (investments keep their plan), newest first, a page at a time. */
export default function PlansScreen() {
  const plans = useList('getPlans', undefined, { as: 'admin' });
  const remove = useApiMutation('deletePlan', { invalidates: ['getPlans'] });
  const confirm = useConfirmedAction();

  return (
    <Screen title="Plans">
      <SearchBox label="Search plans" value={plans.table.search} onSearch={plans.table.onSearch} />
      <ReadState query={plans} fallback="Failed to fetch plans." loading="Loading plans">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState message="No plans yet." />
          ) : (
            <Grid as="ul" $min={220}>
              {rows.map((p) => (
                <li key={p.id}>
                  <Card
                    title={planTitle(p)}
                    actions={
                      <ConfirmButton
                        confirm={confirm}
                        name={`Delete Plan ${planTitle(p)}`}
                        action={{
                          key: `delete:${p.id}`,
                          title: 'Delete plan',
                          message: `Delete the plan ${planTitle(p)}? Existing investments keep it.`,
                          confirmLabel: 'Delete Plan',
                          run: () => remove.mutateAsync({ input: { params: { id: p.id } } }),
                          messages: { success: 'Plan deleted successfully.', failure: 'Failed to delete plan.' },
                        }}
                      >
                        Delete Plan
                      </ConfirmButton>
                    }
                  >
                    <Facts>
                      <dt>Minimum</dt>
                      <dd>{formatMoney(p.minAmount)}</dd>
                      <dt>Maximum</dt>
                      <dd>{formatMoney(p.maxAmount)}</dd>
                      <dt>Returns</dt>
                      <dd>{p.returns}%</dd>
                      <dt>Duration</dt>
                      <dd>{p.duration} days</dd>
                      <dt>For</dt>
                      <dd>{p.user?.name ?? 'Everyone'}</dd>
                    </Facts>
                  </Card>
                </li>
              ))}
            </Grid>
          )
        }
      </ReadState>
      <LoadMore hasMore={plans.table.hasMore} onLoadMore={plans.table.onLoadMore} loading={plans.table.loadingMore} />
      {confirm.dialog}
    </Screen>
  );
}
