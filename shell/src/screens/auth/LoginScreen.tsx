import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, api } from '@halcyon/api-client';
import { Button, Checkbox, Input } from '@halcyon/shared-ui';
import { AuthCard, Between, Form, Links } from '../../layout/AuthCard';
import { useToastForm } from '../../auth/useToastForm';
import { startSession } from '../../auth/session';

export interface LoginFormProps {
  title: string;
  lead: string;
  /** Links under the form (register, etc.). */
  footer: ReactNode;
  /** Where the "forgot password" link points. */
  forgotPath: string;
}

/**
 * Email, password and Remember Me (session length): shared by the investor and admin logins.
 * Either account kind may log in here; the session goes where the role says (spec 2, deviations).
 */
export function LoginForm({ title, lead, footer, forgotPath }: LoginFormProps) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  // With two-factor on (docs/security.md "Two-factor"), the server asks for a code: the field appears.
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const { busy, onSubmit } = useToastForm({
    rules: [
      { name: 'email', type: 'email', value: email },
      { name: 'password', type: 'password', value: password },
    ],
    toasts: { loading: 'Please wait....', success: 'Login Successfully', failure: 'login failed ' },
    request: async () => {
      try {
        return await api.login({ body: { email: email.trim(), password, remember, ...(needsCode && code.trim() ? { code: code.trim() } : {}) } });
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'TOTP_REQUIRED' || error.code === 'TOTP_INVALID')) setNeedsCode(true);
        throw error;
      }
    },
    done: (response) => navigate(startSession(response, remember), { replace: true }),
  });

  return (
    <AuthCard title={title} lead={lead}>
      <Form noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
        <Input label="Email" name="email" type="email" value={email} onChange={setEmail} required autoComplete="email" placeholder="you@example.com" />
        <Input label="Password" name="password" type="password" value={password} onChange={setPassword} required autoComplete="current-password" placeholder="Your password" />
        {needsCode ? (
          <Input label="Authentication code" name="code" value={code} onChange={setCode} autoComplete="one-time-code" placeholder="123456 or a recovery code" hint="From your authenticator app, or one of your recovery codes." />
        ) : null}
        <Between>
          <Checkbox label="Remember Me" name="remember" checked={remember} onChange={setRemember} />
          <Link to={forgotPath}>Forget password</Link>
        </Between>
        <Button type="submit" loading={busy} disabled={busy} fullWidth>
          Login
        </Button>
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
