import type { ChainFollower } from '@halcyon/api-client/model';
import { formatCount, Grid, ListCard, Muted } from '@halcyon/shared-ui';
import { CHAIN_NAMES } from '../../lib/chain';
import { utcTime } from '../../lib/format';
import { HealthBadge, HealthFacts } from '../../lib/health';

const count = (n: number | null) => (n === null ? '—' : formatCount(n));

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
            after={<HealthBadge alert={alert}>{alert ? (f.lastError ? 'Failing' : 'Behind') : 'Following'}</HealthBadge>}
          >
            <HealthFacts>
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
            </HealthFacts>
          </ListCard>
        );
      })}
    </Grid>
  );
}
