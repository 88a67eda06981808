import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, api, passkeysSupported, signInPasskey } from '@halcyon/api-client/http';
import { Button, Input } from '@halcyon/shared-ui';
import { AuthCard, Form, Links } from '../../layout/AuthCard';
import { useNewPasswordFields, useToastForm, withToasts } from '@halcyon/app-kit';

const FAILURE = 'Failed to send reset instructions. Please try again.';

/**
 * /auth/reset_password. Without a token (spec): sends reset instructions for the email. With
 * `?token=&email=` from the mailed link: also asks for the new password and sets it.
 */
export function ResetPasswordScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [email, setEmail] = useState(params.get('email') ?? '');
  const passwords = useNewPasswordFields({ labels: { password: 'New Password', confirm: 'Confirm Password' } });
  const { password } = passwords;
  // With two-factor on, the mailbox alone does not reset the password: the server asks for a code.
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  // Or a passkey of the account's (docs/security.md "Passkeys"): the server says PASSKEY_REQUIRED when it has no code to ask.
  const [offerPasskey, setOfferPasskey] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const emailRule = { name: 'email', type: 'email', value: email } as const;
  const matches = (group: string) => !token || passwords.matches(group);
  // With a token an expired or used link has a reason worth showing: the server's message.
  const texts = { loading: 'Please wait...', success: (r: { message: string }) => r.message, failure: FAILURE, fixedFailure: !token };
  const { busy, group, onSubmit } = useToastForm({
    rules: token ? [emailRule, ...passwords.rules] : [emailRule],
    check: (_arg, formGroup) => matches(formGroup),
    toasts: texts,
    request: async () => {
      try {
        return await api.resetPassword({ body: token ? { email: email.trim(), token, password, ...(needsCode && code.trim() ? { code: code.trim() } : {}) } : { email: email.trim() } });
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'TOTP_REQUIRED' || error.code === 'TOTP_INVALID')) setNeedsCode(true);
        if (error instanceof ApiError && ['TOTP_REQUIRED', 'TOTP_INVALID', 'PASSKEY_REQUIRED'].includes(error.code)) setOfferPasskey(true);
        throw error;
      }
    },
    done: () => {
      if (token) navigate('/auth/login');
    },
  });

  /** "Use your passkey": a challenge for this reset (its email and token), then the reset with the passkey's answer. */
  const resetWithPasskey = async () => {
    if (!matches(group)) return;
    setPasskeyBusy(true);
    const sent = await withToasts(
      texts,
      async () => {
        const passkey = await signInPasskey({ purpose: 'reset', email: email.trim(), token });
        return api.resetPassword({ body: { email: email.trim(), token, password, passkey } });
      },
      group,
    );
    setPasskeyBusy(false);
    if (sent.ok) navigate('/auth/login');
  };

  return (
    <AuthCard title="Reset password" lead={token ? 'Choose a new password for your account.' : 'Enter your email to receive reset instructions.'}>
      <Form noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
        <Input label="Email" name="email" type="email" value={email} onChange={setEmail} required autoComplete="email" placeholder="you@example.com" />
        {token ? (
          <>
            {passwords.fields}
            {needsCode ? (
              <Input label="Authentication code" name="code" value={code} onChange={setCode} autoComplete="one-time-code" placeholder="123456 or a recovery code" hint="Your account has two-factor authentication: a code from your app, or a recovery code." />
            ) : null}
            {offerPasskey && passkeysSupported() ? (
              <Button type="button" variant="secondary" loading={passkeyBusy} disabled={busy || passkeyBusy} fullWidth onClick={() => void resetWithPasskey()}>
                Use your passkey
              </Button>
            ) : null}
          </>
        ) : null}
        <Button type="submit" loading={busy} disabled={busy || passkeyBusy} fullWidth>
          {token ? 'Reset password' : 'Send instructions'}
        </Button>
        <Links>
          <span>
            Back to <Link to="/auth/login">Login</Link>
          </span>
        </Links>
      </Form>
    </AuthCard>
  );
}
