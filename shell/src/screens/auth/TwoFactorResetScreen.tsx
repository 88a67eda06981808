import { Link } from 'react-router';
import { api } from '@halcyon/api-client/http';
import { MailedLinkScreen } from './MailedLinkScreen';

/** /auth/2fa-reset?token=…, the mailed link that confirms an admin's two-factor reset (docs/security.md "Two-factor"). */
export function TwoFactorResetScreen() {
  return (
    <MailedLinkScreen
      title="Turn off two-factor authentication"
      lead="Use this only if you asked our support team for it because you lost your authenticator."
      explanation="Two-factor authentication will be off: you sign in with your password alone until you turn it on again with your new phone. If you did not ask for this, close this page and change your password."
      action="Turn off two-factor authentication"
      submit={async (token) => (await api.confirmTwoFactorReset({ body: { token } })).message}
      failure="Could not turn off two-factor authentication. Please try again."
      links={<Link to="/auth/login">Log in</Link>}
    />
  );
}
