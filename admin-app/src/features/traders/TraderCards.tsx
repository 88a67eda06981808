import { TraderCard } from '@halcyon/app-kit';
import type { Trader } from '@halcyon/api-client/model';
import { useApiMutation } from '@halcyon/api-client/react';
import { EmptyState, Grid } from '@halcyon/shared-ui';
import { ConfirmButton } from '../../lib/ConfirmButton';
import { useConfirmedAction } from '../../lib/useConfirmedAction';

/** Uploaded traders as cards, each with a confirmed delete. */
export function TraderCards({ traders }: { traders: readonly Trader[] }) {
  const remove = useApiMutation('deleteTrader', { invalidates: ['getTraders'] });
  const confirm = useConfirmedAction();
  if (traders.length === 0) return <EmptyState message="No traders yet." />;
  return (
    <>
      <Grid as="ul" $min={220}>
        {traders.map((t) => (
          <TraderCard
            key={t._id}
            trader={t}
            headingLevel={3}
            action={
              <ConfirmButton
                confirm={confirm}
                name={`Delete ${t.name}`}
                action={{
                  key: `delete:${t._id}`,
                  title: 'Delete trader',
                  message: `Delete ${t.name}? Investors copying them stop seeing them.`,
                  confirmLabel: 'Delete',
                  run: () => remove.mutateAsync({ input: { params: { id: t._id } } }),
                  messages: { success: 'Trader deleted successfully', failure: 'Failed to delete trader' },
                }}
              >
                Delete
              </ConfirmButton>
            }
          />
        ))}
      </Grid>
      {confirm.dialog}
    </>
  );
}
