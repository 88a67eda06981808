import styled from 'styled-components';
import { useApiMutation, type Trader } from '@halcyon/api-client';
import { Button, Card, EmptyState, winRateTone } from '@halcyon/shared-ui';
import { CardGrid, Facts } from '../../lib/CardGrid';
import { useConfirmedAction } from '../../lib/useConfirmedAction';

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-bottom: 12px;
  img {
    width: 56px;
    height: 56px;
    border-radius: 50%;
    object-fit: cover;
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

/** Spec 9: a win rate of 60 or more shows green, below 60 orange. */
const Rate = styled.dd<{ $tone: 'success' | 'orange' }>`
  color: ${({ theme, $tone }) => theme.colors[$tone]};
  font-weight: 600;
`;

/** Uploaded traders as cards, each with a confirmed delete. */
export function TraderCards({ traders }: { traders: readonly Trader[] }) {
  const remove = useApiMutation('deleteTrader', { invalidates: ['getTraders'] });
  const { ask, isBusy, dialog } = useConfirmedAction();
  if (traders.length === 0) return <EmptyState message="No traders yet." />;
  return (
    <>
      <CardGrid>
        {traders.map((t) => (
          <li key={t._id}>
            <Card
              title={t.name}
              headingLevel={3}
              actions={
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
            >
              <Head>
                <img src={t.imageUrl} alt={`Photo of ${t.name}`} loading="lazy" />
              </Head>
              <Facts>
                <dt>Wins</dt>
                <dd>{t.wins}</dd>
                <dt>Losses</dt>
                <dd>{t.losses}</dd>
                <dt>Win rate</dt>
                <Rate $tone={winRateTone(t.winRate)}>{t.winRate}%</Rate>
                <dt>Profit share</dt>
                <dd>{t.profitShare}</dd>
              </Facts>
            </Card>
          </li>
        ))}
      </CardGrid>
      {dialog}
    </>
  );
}
