import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '@halcyon/api-client';
import { Button, Input, toast } from '@halcyon/shared-ui';
import { AuthCard, Form, Links } from '../../layout/AuthCard';
import { fieldsAreValid, type FieldRule } from '../../auth/validate';
import { withToasts } from '../../auth/withToasts';
import { PASSWORD_MISMATCH } from './RegisterScreen';

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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const rules: FieldRule[] = [{ name: 'email', type: 'email', value: email }];
    if (token) rules.push({ name: 'password', type: 'password', value: password }, { name: 'confirmPassword', type: 'password', value: confirm });
    if (busy || !fieldsAreValid(e.currentTarget, rules)) return;
    if (token && password !== confirm) {
      setMismatch(true);
      toast.error(PASSWORD_MISMATCH);
      return;
    }
    setBusy(true);
    if (!token) {
      await withToasts({ loading: 'Please wait...', success: (r: { message: string }) => r.message, failure: FAILURE, fixedFailure: true }, () =>
        api.resetPassword({ body: { email: email.trim() } }),
      );
      setBusy(false);
      return;
    }
    // An expired or used link has a reason worth showing: the server's message.
    const done = await withToasts({ loading: 'Please wait...', success: (r: { message: string }) => r.message, failure: FAILURE }, () =>
      api.resetPassword({ body: { email: email.trim(), token, password } }),
    );
    setBusy(false);
    if (done) navigate('/auth/login');
  }

  return (
    <AuthCard title="Reset password" lead={token ? 'Choose a new password for your account.' : 'Enter your email to receive reset instructions.'}>
      <Form noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
        <Input label="Email" name="email" type="email" value={email} onChange={setEmail} required autoComplete="email" placeholder="you@example.com" />
        {token ? (
          <>
            <Input label="New Password" name="password" type="password" value={password} onChange={(x) => { setPassword(x); setMismatch(false); }} required autoComplete="new-password" hint="At least 8 characters." />
            <Input
              label="Confirm Password"
              name="confirmPassword"
              type="password"
              value={confirm}
              onChange={(x) => { setConfirm(x); setMismatch(false); }}
              required
              autoComplete="new-password"
              error={mismatch ? PASSWORD_MISMATCH : null}
            />
          </>
        ) : null}
        <Button type="submit" loading={busy} disabled={busy} fullWidth>
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
