import { SecurityPanels, useAccountSecurity } from '@halcyon/app-kit';
import { Heading, Page } from '@halcyon/shared-ui';
import { BackLink } from '../features/navigation/BackLink';

/** /user/security: the investor's open sessions and sign-in history (linked from the account menu and Settings). */
export default function Security() {
  return (
    <Page>
      <BackLink />
      <Heading>Security</Heading>
      <SecurityPanels {...useAccountSecurity()} />
    </Page>
  );
}
