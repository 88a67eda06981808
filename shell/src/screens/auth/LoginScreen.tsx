import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '@halcyon/api-client';
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
  const { busy, onSubmit } = useToastForm({
    rules: [
      { name: 'email', type: 'email', value: email },
      { name: 'password', type: 'password', value: password },
    ],
    toasts: { loading: 'Please wait....', success: 'Login Successfully', failure: 'login failed ' },
    request: () => api.login({ body: { email: email.trim(), password, remember } }),
    done: (response) => navigate(startSession(response, remember), { replace: true }),
  });

  return (
    <AuthCard title={title} lead={lead}>
      <Form noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
        <Input label="Email" name="email" type="email" value={email} onChange={setEmail} required autoComplete="email" placeholder="you@example.com" />
        <Input label="Password" name="password" type="password" value={password} onChange={setPassword} required autoComplete="current-password" placeholder="Your password" />
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
