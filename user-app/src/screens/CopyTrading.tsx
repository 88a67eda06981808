import styled from 'styled-components';
import { Button, EmptyState, toast, winRateTone } from '@halcyon/shared-ui';
import { ApiError, errorMessage, useApiMutation, useApiQuery, useProfileQuery, type Trader } from '@halcyon/api-client';
import { Avatar } from '../lib/Avatar';
import { BackLink } from '../features/navigation/BackLink';
import { ReadState } from '../lib/ReadState';
import { Facts, Grid, Heading, Page } from '../lib/ui';

/** Spec 7: the list comes in `data` or as a bare array; anything else is rejected. */
export function tradersOf(body: unknown): Trader[] {
  const list: unknown = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) throw new ApiError('Invalid data format received', 200, 'FORMAT');
  return list as Trader[];
}

/** /user/copy-trading: a card per trader with a Copy / Cancel toggle. */
export default function CopyTrading() {
  const copying = useProfileQuery().data?.copyTraders ?? [];
  const query = useApiQuery('getTraders', undefined, { select: tradersOf });
  const { data } = query;
  // Who is copied is part of the profile: read again after a toggle.
  const toggleCopy = useApiMutation('toggleCopy', { invalidates: ['getProfile'] });
  const busyId = toggleCopy.isPending ? toggleCopy.variables.input?.params.id : undefined;

  const toggle = async (trader: Trader) => {
    try {
      const res = await toggleCopy.mutateAsync({ input: { params: { id: trader._id } } });
      toast.success(res.data.copying ? 'Started copying!' : 'Stopped copying!');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to toggle copy'));
    }
  };

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
            return (
              <Card key={t._id} aria-labelledby={`trader-${t._id}`}>
                <header>
                  {t.imageUrl ? <Photo src={t.imageUrl} alt={t.name} width={56} height={56} loading="lazy" /> : <Avatar src={null} name={t.name} size={56} />}
                  <h2 id={`trader-${t._id}`}>{t.name}</h2>
                </header>
                <Facts>
                  <dt>Wins</dt>
                  <dd>{t.wins}</dd>
                  <dt>Losses</dt>
                  <dd>{t.losses}</dd>
                  <dt>Win rate</dt>
                  <dd>
                    <Rate $tone={winRateTone(t.winRate)} data-tone={winRateTone(t.winRate)}>
                      {t.winRate}%
                    </Rate>
                  </dd>
                  <dt>Profit share</dt>
                  <dd>{t.profitShare}</dd>
                </Facts>
                <Button variant={active ? 'secondary' : 'primary'} onClick={() => void toggle(t)} loading={busyId === t._id} aria-pressed={active} fullWidth>
                  {active ? 'Cancel' : 'Copy'}
                </Button>
              </Card>
            );
          })}
        </Grid>
      ) : null}
    </Page>
  );
}

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  list-style: none;
  header { display: flex; align-items: center; gap: ${({ theme }) => theme.space(3)}; }
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.large}; overflow-wrap: anywhere; }
`;

const Photo = styled.img`
  width: 56px;
  height: 56px;
  border-radius: 50%;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Rate = styled.strong<{ $tone: 'success' | 'orange' }>`
  color: ${({ theme, $tone }) => theme.colors[$tone]};
`;
