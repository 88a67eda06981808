import { Heading, Muted, Page } from '@halcyon/shared-ui';
import { BackLink } from '../features/navigation/BackLink';
import { CryptoScreener } from '../widgets';

/** /user/market: the crypto screener (USD, light theme, English); fails softly offline. */
export default function Market() {
  return (
    <Page>
      <BackLink />
      <Heading>Markets</Heading>
      <Muted>Live prices of the crypto market in USD.</Muted>
      <CryptoScreener />
    </Page>
  );
}
