import styled from 'styled-components';
import type { ChainFollower } from '@halcyon/api-client/model';
import { Facts, Grid, ListCard, Muted } from '@halcyon/shared-ui';
import { utcTime } from '../../lib/format';
import { CHAIN_NAMES } from './queries';

const count = (n: number | null) => (n === null ? '—' : n.toLocaleString('en-US'));

/** Behind by more than twice its confirmations, or its last run failed: an admin should look. */
const followerNeedsAttention = (f: ChainFollower): boolean => f.lastError !== null || (f.lag !== null && f.lag > 2 * f.confirmations);

/** One card per chain follower: where it has read to against the node's tip, its lag, reorganisations and last error. */
export function Followers({ followers }: { followers: readonly ChainFollower[] }) {
  if (!followers.length) return <Muted>No chain is watched: deposits are reviewed by hand.</Muted>;
  return (
    <Grid as="ul" $min={280}>
      {followers.map((f) => {
        const alert = followerNeedsAttention(f);
        return (
          <ListCard
            key={f.chain}
            headingLevel={3}
            title={`${CHAIN_NAMES[f.chain]} · ${f.coin}`}
            after={<State data-alert={alert}>{alert ? (f.lastError ? 'Failing' : 'Behind') : 'Following'}</State>}
          >
            <Figures>
              <dt>Height / tip</dt>
              <dd>
                {count(f.height)} / {count(f.tip)}
              </dd>
              <dt>Lag</dt>
              <dd data-alert={f.lag !== null && f.lag > 2 * f.confirmations}>{f.lag === null ? '—' : `${count(f.lag)} ${f.lag === 1 ? 'block' : 'blocks'}`}</dd>
              <dt>Confirmations</dt>
              <dd>{f.confirmations}</dd>
              <dt>Reorgs</dt>
              <dd>
                {count(f.reorgs)} (deepest {count(f.deepestReorg)})
              </dd>
              <dt>Last error</dt>
              <dd data-alert={f.lastError !== null}>
                {f.lastError ?? 'None'}
                {f.lastError && f.lastErrorAt ? (
                  <>
                    {' '}
                    <time dateTime={f.lastErrorAt}>({utcTime(f.lastErrorAt)})</time>
                  </>
                ) : null}
              </dd>
              <dt>Updated</dt>
              <dd>{f.updatedAt ? <time dateTime={f.updatedAt}>{utcTime(f.updatedAt)}</time> : 'Not run yet'}</dd>
            </Figures>
          </ListCard>
        );
      })}
    </Grid>
  );
}

const State = styled.span`
  padding: 2px ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radiusSmall};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.success};
  border: 1px solid currentColor;
  &[data-alert='true'] { color: ${({ theme }) => theme.colors.danger}; }
`;

const Figures = styled(Facts)`
  dd[data-alert='true'] { color: ${({ theme }) => theme.colors.danger}; font-weight: 600; }
`;
