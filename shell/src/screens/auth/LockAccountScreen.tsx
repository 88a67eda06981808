import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, errorMessage } from '@halcyon/api-client';
import { Button } from '@halcyon/shared-ui';
import { AuthCard, Links } from '../../layout/AuthCard';

type State = { kind: 'ready' } | { kind: 'busy' } | { kind: 'locked'; message: string } | { kind: 'failed'; message: string };

/**
 * /auth/lock-account?token=…, opened from a security alert's link (docs/security.md "Alerts").
 * Locking is a button, not the link itself, so a mail scanner that follows links locks nothing.
 */
export function LockAccountScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'ready' });

  const lock = async () => {
    setState({ kind: 'busy' });
    try {
      const { message } = await api.lockAccount({ body: { token } });
      setState({ kind: 'locked', message });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error, 'Could not lock the account. Please try again.') });
    }
  };

  return (
    <AuthCard title="Lock your account" lead="Use this if an alert told you about something you did not do.">
      {state.kind === 'locked' ? (
        <p role="status">{state.message}</p>
      ) : (
        <>
          <p>Locking ends every session of your account at once, on every device, and freezes withdrawals until you reset your password.</p>
          {!token && <p role="alert">This link is incomplete. Open the link from the email again.</p>}
          {state.kind === 'failed' && <p role="alert">{state.message}</p>}
          <Button onClick={() => void lock()} loading={state.kind === 'busy'} disabled={!token || state.kind === 'busy'} fullWidth>
            Lock my account
          </Button>
        </>
      )}
      <Links>
        <span>
          Then choose a new password: <Link to="/auth/forget_password">Reset your password</Link>
        </span>
      </Links>
    </AuthCard>
  );
}
