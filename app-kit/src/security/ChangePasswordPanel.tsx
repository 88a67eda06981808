import { useState } from 'react';
import styled from 'styled-components';
import { ApiError, errorMessage } from '@halcyon/api-client/http';
import { Button, Checkbox, Input } from '@halcyon/shared-ui';
import { toast } from '@halcyon/shared-ui/toast';
import { useToastForm } from '../kit/useToastForm';
import { useNewPasswordFields } from '../password/useNewPasswordFields';
import { Section } from './Section';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  /** '' when a passkey confirms, or the account has no second factor. */
  code: string;
  /** Confirm with a passkey (a security step-up) instead of a code. */
  withPasskey: boolean;
}

export interface ChangePasswordView {
  /** The account's second factors, as far as the screen knows them (the server asks for what it lacks). */
  factors: { code: boolean; passkey: boolean };
  /** Whether this browser can use a passkey. */
  passkeysSupported: boolean;
  /** Resolves with the server's message. A rejection's message is shown. */
  change(input: PasswordChange): Promise<string>;
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 32rem;
`;

const SAME_PASSWORD = 'Your new password must be different from your current password.';

/** The server's message with its field said as the form labels it ('currentPassword: is not …' → 'Current password is not …'). */
const LABELS: Record<string, string> = { currentPassword: 'Current password', newPassword: 'New password' };
const inPlainWords = (error: unknown) =>
  errorMessage(error, 'Failed to change your password.').replace(/^(currentPassword|newPassword): /, (_all, field: string) => `${LABELS[field] ?? field} `);

/**
 * Change password on the Security screen (docs/security.md "Changing the password"): the current
 * password, the new one twice (the strength meter and 'Passwords do not match!' of every form that
 * sets one), and with two-factor on a code from the app or a recovery code, or a passkey. Every
 * other session is signed out; the server's message says so.
 */
export function ChangePasswordPanel({ factors, passkeysSupported, change }: ChangePasswordView) {
  const [current, setCurrent] = useState('');
  const [code, setCode] = useState('');
  const [choosePasskey, setChoosePasskey] = useState(false);
  // What the server asked for that the screen did not know of (a read still loading or failed).
  const [asked, setAsked] = useState({ code: false, passkey: false });
  const passwords = useNewPasswordFields({ labels: { password: 'New password', confirm: 'Confirm new password' }, names: { password: 'newPassword', confirm: 'confirmNewPassword' } });
  const hasCode = factors.code || asked.code;
  const hasPasskey = factors.passkey || asked.passkey;
  // A passkey alone as the second factor: it is the only way. With a code too: the person chooses.
  const withPasskey = hasPasskey && (!hasCode || choosePasskey);
  const askCode = hasCode && !withPasskey;

  const { busy, onSubmit } = useToastForm({
    rules: [{ name: 'currentPassword', type: 'password', value: current }, ...passwords.rules, ...(askCode ? [{ name: 'code', type: 'text' as const, value: code }] : [])],
    check: (_arg, group) => {
      if (!passwords.matches(group)) return false;
      if (passwords.password !== current) return true;
      toast.error(SAME_PASSWORD, { group });
      return false;
    },
    toasts: { loading: 'Please wait...', success: (message: string) => message, failure: inPlainWords, fixedFailure: true },
    request: async () => {
      try {
        return await change({ currentPassword: current, newPassword: passwords.password, code: askCode ? code.trim() : '', withPasskey });
      } catch (error) {
        if (error instanceof ApiError && ['TOTP_REQUIRED', 'TOTP_INVALID', 'TOTP_LOCKED'].includes(error.code)) setAsked((a) => ({ ...a, code: true }));
        if (error instanceof ApiError && error.code === 'PASSKEY_REQUIRED') setAsked((a) => ({ ...a, passkey: true }));
        throw error;
      }
    },
    done: () => {
      setCurrent('');
      setCode('');
      passwords.clear();
    },
  });

  return (
    <Section aria-labelledby="security-password">
      <h2 id="security-password">Change password</h2>
      <p>You need your current password{hasCode || hasPasskey ? ' and your second factor' : ''}. Every other device signed in to your account is signed out, and we email you that it changed.</p>
      <Form noValidate onSubmit={onSubmit} aria-labelledby="security-password">
        <Input label="Current password" name="currentPassword" type="password" value={current} onChange={setCurrent} required autoComplete="current-password" />
        {passwords.fields}
        {hasCode && hasPasskey ? <Checkbox label="Confirm with a passkey instead of a code" checked={choosePasskey} onChange={setChoosePasskey} /> : null}
        {askCode ? (
          <Input
            label="Authentication code"
            name="code"
            value={code}
            onChange={setCode}
            required
            autoComplete="one-time-code"
            placeholder="123456 or a recovery code"
            hint="Two-factor is on: a code from your authenticator app, or one of your recovery codes."
          />
        ) : null}
        {withPasskey ? <p>{passkeysSupported ? 'Your passkey confirms the change: your device asks for it when you press Change password.' : 'This browser cannot use passkeys: change your password on a device that can, or reset it by email.'}</p> : null}
        <div>
          <Button type="submit" loading={busy} disabled={busy || (withPasskey && !passkeysSupported)}>
            Change password
          </Button>
        </div>
      </Form>
    </Section>
  );
}
