import { SecurityPanels, useAccountSecurity } from '@halcyon/app-kit';
import { Screen } from '../lib/Screen';

/** The admin's own open sessions and sign-in history. */
export default function SecurityScreen() {
  return (
    <Screen title="Security">
      <SecurityPanels {...useAccountSecurity()} />
    </Screen>
  );
}
