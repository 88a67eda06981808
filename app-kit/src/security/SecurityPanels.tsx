import styled from 'styled-components';
import { Button, formatDateTime, Table } from '@halcyon/shared-ui';
import { ReadState, type ReadQuery } from '../kit/ReadState';
import { withToasts } from '../kit/withToasts';
import { Section } from './Section';
import { ChangePasswordPanel, type ChangePasswordView } from './ChangePasswordPanel';
import { PasskeysPanel, type PasskeysView } from './PasskeysPanel';
import { TwoFactorPanel, type TwoFactorView } from './TwoFactorPanel';

export interface SessionView {
  id: string;
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export interface SignInView {
  at: string;
  device: string;
  ip: string;
  success: boolean;
}

/** A read as the panels show it (through ReadState): the query and the spec's text for its failure. */
export interface ReadView<T> {
  query: ReadQuery<readonly T[]>;
  fallback: string;
}

export interface SecurityPanelsProps {
  sessions: ReadView<SessionView>;
  signIns: ReadView<SignInView>;
  /** Ends one session; resolves with the server's message. A rejection's message is shown. */
  endSession(id: string): Promise<string>;
  endOtherSessions(): Promise<string>;
  busy: boolean;
  password: ChangePasswordView;
  twoFactor: TwoFactorView;
  passkeys: PasskeysView;
}

const Result = styled.span<{ $ok: boolean }>`
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
  font-weight: 600;
`;

/** A session change's toasts: the server's answer, or its message (else `failure`). */
const report = (change: () => Promise<string>, failure: string) => withToasts({ success: (message) => message, failure }, change);


/**
 * The Security screen's content for investors and admins alike (docs/security.md "Sessions",
 * "Changing the password", "Two-factor", "Passkeys"): change password, two-factor authentication, passkeys, open sessions with "End session" (this one is marked, not endable here: that is Logout), "End
 * all other sessions", and the sign-ins of the last 90 days, failures included.
 */
export function SecurityPanels({ sessions, signIns, endSession, endOtherSessions, busy, password, twoFactor, passkeys }: SecurityPanelsProps) {
  const sessionColumns = [
    { key: 'device', header: 'Device', render: (s: SessionView) => (s.current ? `${s.device} (this device)` : s.device) },
    { key: 'ip', header: 'IP address' },
    { key: 'createdAt', header: 'Signed in', render: (s: SessionView) => formatDateTime(s.createdAt) },
    { key: 'lastSeenAt', header: 'Last active', render: (s: SessionView) => formatDateTime(s.lastSeenAt) },
    {
      key: 'actions',
      header: 'Actions',
      render: (s: SessionView) =>
        s.current ? null : (
          <Button size="small" variant="secondary" disabled={busy} aria-label={`End session on ${s.device} from ${s.ip}`} onClick={() => void report(() => endSession(s.id), 'Failed to end the session.')}>
            End session
          </Button>
        ),
    },
  ];
  const signInColumns = [
    { key: 'at', header: 'When', render: (s: SignInView) => formatDateTime(s.at) },
    { key: 'device', header: 'Device' },
    { key: 'ip', header: 'IP address' },
    { key: 'success', header: 'Result', render: (s: SignInView) => <Result $ok={s.success}>{s.success ? 'Signed in' : 'Wrong password'}</Result> },
  ];
  return (
    <>
      <ChangePasswordPanel {...password} />
      <TwoFactorPanel {...twoFactor} />
      <PasskeysPanel {...passkeys} />
      <Section aria-labelledby="security-sessions">
        <h2 id="security-sessions">Active sessions</h2>
        <p>
          Every device signed in to your account. End any you do not recognise, then <a href="#security-password">change your password</a>.
        </p>
        <ReadState query={sessions.query} fallback={sessions.fallback} loading="Loading your sessions">
          {(rows) => (
            <>
              <Table caption="Active sessions" columns={sessionColumns} rows={rows} getRowKey={(s: SessionView) => s.id} />
              {rows.some((s) => !s.current) && (
                <div>
                  <Button variant="secondary" disabled={busy} onClick={() => void report(endOtherSessions, 'Failed to end the other sessions.')}>
                    End all other sessions
                  </Button>
                </div>
              )}
            </>
          )}
        </ReadState>
      </Section>
      <Section aria-labelledby="security-sign-ins">
        <h2 id="security-sign-ins">Sign-in history</h2>
        <p>Sign-ins to your account in the last 90 days, including attempts with a wrong password.</p>
        <ReadState query={signIns.query} fallback={signIns.fallback} loading="Loading your sign-in history">
          {(rows) => <Table caption="Sign-in history" columns={signInColumns} rows={rows} getRowKey={(s: SignInView, i) => `${s.at}-${i}`} pageSize={20} />}
        </ReadState>
      </Section>
    </>
  );
}
