import { useApiMutation, type Trader } from '@halcyon/api-client';
import { Button, EmptyState, TraderCard } from '@halcyon/shared-ui';
import { CardGrid } from '../../lib/CardGrid';
import { useConfirmedAction } from '../../lib/useConfirmedAction';

/** Uploaded traders as cards, each with a confirmed delete. */
export function TraderCards({ traders }: { traders: readonly Trader[] }) {
  const remove = useApiMutation('deleteTrader', { invalidates: ['getTraders'] });
  const { ask, isBusy, dialog } = useConfirmedAction();
  if (traders.length === 0) return <EmptyState message="No traders yet." />;
  return (
    <>
      <CardGrid>
        {traders.map((t) => (
          <TraderCard
            key={t._id}
            trader={t}
            headingLevel={3}
            action={
              <Button
                size="small"
                disabled={isBusy(`delete:${t._id}`)}
                aria-label={`Delete ${t.name}`}
                onClick={() =>
                  ask({
                    key: `delete:${t._id}`,
                    title: 'Delete trader',
                    message: `Delete ${t.name}? Investors copying them stop seeing them.`,
                    confirmLabel: 'Delete',
                    run: () => remove.mutateAsync({ input: { params: { id: t._id } } }),
                    messages: { success: 'Trader deleted successfully', failure: 'Failed to delete trader' },
                  })
                }
              >
                Delete
              </Button>
            }
          />
        ))}
      </CardGrid>
      {dialog}
    </>
  );
}
