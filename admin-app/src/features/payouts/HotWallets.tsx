import styled from 'styled-components';
import type { HotWalletStatus } from '@halcyon/api-client/model';
import { Button, Grid, ListCard, Muted, SectionTitle } from '@halcyon/shared-ui';
import { CHAIN_NAMES, Coins } from '../../lib/chain';
import { copyText } from '../../lib/copy';
import { HealthBadge, HealthFacts } from '../../lib/health';
import { Part } from './Part';

/** A hot limit: 0 (the default) means nothing is paid hot on that chain. */
const Limit = ({ value, coin }: { value: string; coin: string }) => (
  <>
    <Coins>{`${value} ${coin}`}</Coins>
    {Number(value) === 0 ? <Muted as="span"> (all signed offline)</Muted> : null}
  </>
);

/** Each hot wallet as its signer last reported it: its address, balance, limits and what its queue needs. */
export function HotWallets({ wallets }: { wallets: readonly HotWalletStatus[] }) {
  return (
    <Part aria-labelledby="payout-wallets">
      <SectionTitle id="payout-wallets">Hot wallets</SectionTitle>
      {wallets.length ? (
        <Grid as="ul" $min={320}>
          {wallets.map((w) => {
            const name = `${CHAIN_NAMES[w.network]} · ${w.coin}`;
            return (
              <ListCard
                key={`${w.network}-${w.coin}`}
                headingLevel={3}
                title={name}
                after={<HealthBadge alert={!w.covered}>{w.covered ? 'Covers its queue' : 'Cannot cover the queue'}</HealthBadge>}
              >
                <HealthFacts>
                  <dt>Address</dt>
                  <dd>
                    <Address>
                      <code>{w.address}</code>
                      <Button size="small" variant="secondary" aria-label={`Copy the ${name} hot wallet address`} onClick={() => void copyText(w.address, 'Address copied!', 'address')}>
                        Copy
                      </Button>
                    </Address>
                  </dd>
                  <dt>Balance</dt>
                  <dd data-alert={!w.covered}>{w.balance === null ? 'Not read' : <Coins>{`${w.balance} ${w.coin}`}</Coins>}</dd>
                  <dt>Queued</dt>
                  <dd data-alert={!w.covered}>
                    <Coins>{`${w.queued} ${w.coin}`}</Coins>
                  </dd>
                  <dt>Per payout limit</dt>
                  <dd>
                    <Limit value={w.perPayoutLimit} coin={w.coin} />
                  </dd>
                  <dt>Daily limit</dt>
                  <dd>
                    <Limit value={w.dailyLimit} coin={w.coin} />
                  </dd>
                </HealthFacts>
              </ListCard>
            );
          })}
        </Grid>
      ) : (
        <Muted>No hot wallet has been reported: no signer has run yet.</Muted>
      )}
      <Muted>
        Payouts above a limit wait for an offline signature (below). A wallet that cannot cover its queue leaves its payouts waiting until it
        is funded.
      </Muted>
    </Part>
  );
}

/** The wallet's address whole, in a monospace face, wrapping anywhere, with its Copy button. */
const Address = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  code {
    flex: 1 1 10rem;
    min-width: 0;
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.font.size.small};
    overflow-wrap: anywhere;
  }
`;
