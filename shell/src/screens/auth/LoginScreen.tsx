import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import type { AuthResponse } from '@halcyon/api-client/model';
import { ApiError, api } from '@halcyon/api-client/http';
import { Button, Checkbox, Input } from '@halcyon/shared-ui';
import { AuthCard, Between, Form, Links } from '../../layout/AuthCard';
import { useToastForm } from '@halcyon/app-kit';
import { usePasskeyLogin } from '../../auth/usePasskeyLogin';
import { startSession } from '../../auth/session';
import { useBootForm } from '../../boot/useBootForm';
import { useOpenPage } from '../../entry/OpenApp';

export interface LoginFormProps {
  title: string;
  lead: string;
  /** Links under the form (register, etc.). */
  footer: ReactNode;
  /** Where the "forgot password" link points. */
  forgotPath: string;
}

const TEXTS = { loading: 'Please wait....', success: 'Login Successfully', failure: 'login failed ' };

/**
 * Email, password and Remember Me (session length): shared by the investor and admin logins.
 * Either account kind may log in here; the session goes where the role says (spec 2, deviations).
 * Passkeys (docs/security.md "Passkeys"): offered in the email field's autofill and by a button;
 * when the password needs a second factor, a passkey can be it.
 */
export function LoginForm({ title, lead, footer, forgotPath }: LoginFormProps) {
  const openPage = useOpenPage();
  // What was typed into the page's prerendered form before the app started (boot/bootForm.ts).
  const { boot, form } = useBootForm();
  // After registering, the new account's email is filled in (issue 29): the password is all that is left.
  const registered = (useLocation().state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(boot?.values.email || (typeof registered === 'string' ? registered : ''));
  const [password, setPassword] = useState(boot?.values.password ?? '');
  const [remember, setRemember] = useState(boot?.checked.remember ?? false);
  // With two-factor on (docs/security.md "Two-factor"), the server asks for a code: the field appears.
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  // The server asked for a second factor a passkey can give (PASSKEY_REQUIRED, or a code).
  const [offerPasskey, setOfferPasskey] = useState(false);
  const done = (response: AuthResponse, remembered: boolean) => openPage(startSession(response, remembered));
  const passkey = usePasskeyLogin({ remember, texts: TEXTS, done });
  const { busy, onSubmit } = useToastForm({
    rules: [
      { name: 'email', type: 'email', value: email },
      { name: 'password', type: 'password', value: password },
    ],
    toasts: TEXTS,
    request: async () => {
      passkey.pauseAutofill();
      try {
        return await api.login({ body: { email: email.trim(), password, remember, ...(needsCode && code.trim() ? { code: code.trim() } : {}) } });
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'TOTP_REQUIRED' || error.code === 'TOTP_INVALID')) setNeedsCode(true);
        if (error instanceof ApiError && ['TOTP_REQUIRED', 'TOTP_INVALID', 'PASSKEY_REQUIRED'].includes(error.code)) setOfferPasskey(true);
        passkey.resumeAutofill();
        throw error;
      }
    },
    done: (response) => done(response, remember),
  });
  const working = busy || passkey.busy;

  return (
    <AuthCard title={title} lead={lead}>
      <Form ref={form} noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
        {/* "webauthn": the browser may list the site's passkeys among this field's suggestions. */}
        <Input label="Email" name="email" type="email" value={email} onChange={setEmail} required autoComplete="username webauthn" placeholder="you@example.com" />
        <Input label="Password" name="password" type="password" value={password} onChange={setPassword} required autoComplete="current-password" placeholder="Your password" />
        {needsCode ? (
          <Input label="Authentication code" name="code" value={code} onChange={setCode} autoComplete="one-time-code" placeholder="123456 or a recovery code" hint="From your authenticator app, or one of your recovery codes." />
        ) : null}
        {offerPasskey && passkey.supported ? (
          <Button type="button" variant="secondary" disabled={working} loading={passkey.busy} fullWidth onClick={() => void passkey.confirmLogin(email.trim(), password)}>
            Use your passkey
          </Button>
        ) : null}
        <Between>
          <Checkbox label="Remember Me" name="remember" checked={remember} onChange={setRemember} />
          <Link to={forgotPath}>Forget password</Link>
        </Between>
        <Button type="submit" loading={busy} disabled={working} fullWidth>
          Login
        </Button>
        {/* Once the password asked for a passkey, "Use your passkey" is the one to press. */}
        {passkey.supported && !offerPasskey ? (
          <>
            <Or>or</Or>
            <Button type="button" variant="secondary" disabled={working} fullWidth onClick={() => void passkey.signIn()}>
              Sign in with a passkey
            </Button>
          </>
        ) : null}
        {footer}
      </Form>
    </AuthCard>
  );
}

/** /auth/login and '/': the investor login. */
export function LoginScreen() {
  return (
    <LoginForm
      title="Welcome back"
      lead="Log in to manage your crypto portfolio."
      forgotPath="/auth/forget_password"
      footer={
        <Links>
          <span>
            New here? <Link to="/auth/register">Register</Link>
          </span>
        </Links>
      }
    />
  );
}

/** Between the password login and the passkey button. */
const Or = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
  &::before, &::after { content: ''; flex: 1; border-top: 1px solid ${({ theme }) => theme.colors.surfaceAlt}; }
`;
