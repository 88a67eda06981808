import type { SignerHealth } from '@halcyon/api-client/model';
import { Grid, ListCard, Muted, SectionTitle } from '@halcyon/shared-ui';
import { timeAgo, utcTime } from '../../lib/format';
import { HealthBadge, HealthFacts } from '../../lib/health';
import { Part } from './Part';

/** An instant both ways: how long ago, then when ('12 seconds ago (Nov 27, 2026, 10:00 AM UTC)'). */
const When = ({ iso }: { iso: string }) => (
  <time dateTime={iso}>
    {timeAgo(iso)} ({utcTime(iso)})
  </time>
);

/** Each signer process, alive or not: when it last reported, since when it runs, its last error. */
export function Signers({ signers }: { signers: readonly SignerHealth[] }) {
  return (
    <Part aria-labelledby="payout-signers">
      <SectionTitle id="payout-signers">Signers</SectionTitle>
      {signers.length ? (
        <Grid as="ul" $min={280}>
          {signers.map((s) => (
            <ListCard key={s.signer} headingLevel={3} title={s.signer} after={<HealthBadge alert={!s.alive}>{s.alive ? 'Alive' : 'Not reporting'}</HealthBadge>}>
              <HealthFacts>
                <dt>Last seen</dt>
                <dd data-alert={!s.alive}>
                  <When iso={s.seenAt} />
                </dd>
                <dt>Started</dt>
                <dd>
                  <When iso={s.startedAt} />
                </dd>
                <dt>Last error</dt>
                <dd data-alert={s.lastError !== null}>{s.lastError ?? 'None'}</dd>
              </HealthFacts>
            </ListCard>
          ))}
        </Grid>
      ) : (
        <Muted>No signer has reported yet: payouts wait until one runs (pnpm signer, docs/chain.md).</Muted>
      )}
    </Part>
  );
}
