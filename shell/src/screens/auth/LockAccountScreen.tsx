import { Link } from 'react-router';
import { api } from '@halcyon/api-client/http';
import { MailedLinkScreen } from './MailedLinkScreen';

/** /auth/lock-account?token=…, opened from a security alert's link (docs/security.md "Alerts"). */
export function LockAccountScreen() {
  return (
    <MailedLinkScreen
      title="Lock your account"
      lead="Use this if an alert told you about something you did not do."
      explanation="Locking ends every session of your account at once, on every device, cancels the withdrawals requested since the alert, and stops anyone signing in or withdrawing until you reset your password."
      action="Lock my account"
      submit={async (token) => (await api.lockAccount({ body: { token } })).message}
      failure="Could not lock the account. Please try again."
      links={
        <span>
          Then choose a new password: <Link to="/auth/forget_password">Reset your password</Link>
        </span>
      }
    />
  );
}
