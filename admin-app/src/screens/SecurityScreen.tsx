import { useAccountSecurity } from '@halcyon/api-client';
import { SecurityPanels } from '@halcyon/shared-ui';
import { Screen } from '../lib/Screen';

/** The admin's own open sessions and sign-in history. */
export default function SecurityScreen() {
  return (
    <Screen title="Security">
      <SecurityPanels {...useAccountSecurity()} />
    </Screen>
  );
}
