import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '@halcyon/api-client/http';
import { Button, Input } from '@halcyon/shared-ui';
import { AuthCard, Form, Links } from '../../layout/AuthCard';
import { useToastForm } from '@halcyon/app-kit';

/** /auth/forget_password: mails a reset link (the server answers the same for unknown emails). */
export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const { busy, onSubmit } = useToastForm({
    rules: [{ name: 'email', type: 'email', value: email }],
    toasts: { loading: 'Please wait...', success: (r) => r.message, failure: 'Failed to send reset email. Please try again.', fixedFailure: true },
    request: () => api.forgotPassword({ body: { email: email.trim() } }),
  });

  return (
    <AuthCard title="Forgot password" lead="Enter your email and we will send you a link to reset your password.">
      <Form noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
        <Input label="Email" name="email" type="email" value={email} onChange={setEmail} required autoComplete="email" placeholder="you@example.com" />
        <Button type="submit" loading={busy} disabled={busy} fullWidth>
          Send reset link
        </Button>
        <Links>
          <span>
            Remembered it? <Link to="/auth/login">Login</Link>
          </span>
        </Links>
      </Form>
    </AuthCard>
  );
}
