import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '@halcyon/api-client/http';
import { Button, Input } from '@halcyon/shared-ui';
import { AuthCard, Form, Links } from '../../layout/AuthCard';
import { PasswordStrengthMeter, useToastForm } from '@halcyon/app-kit';

/** /admin-auth/admin-reg: admin sign-up needs a one-time invite code from an existing admin (deviations). */
export function AdminRegisterScreen() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [inviteCode, setInviteCode] = useState('');
  const { busy, onSubmit } = useToastForm({
    rules: [
      { name: 'email', type: 'email', value: email },
      { name: 'password', type: 'password', value: password },
      { name: 'inviteCode', type: 'text', value: inviteCode },
    ],
    toasts: { loading: 'Please wait...', success: 'Registration Successfully', failure: 'login failed ' },
    request: () => api.registerAdmin({ body: { email: email.trim(), password, inviteCode: inviteCode.trim() } }),
    done: () => navigate('/admin-auth/admin-login'),
  });

  return (
    <AuthCard title="Admin registration" lead="Admin accounts need an invite code from an existing admin.">
      <Form noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
        <Input label="Email" name="email" type="email" value={email} onChange={setEmail} required autoComplete="email" placeholder="you@example.com" />
        <Input label="Password" name="password" type="password" value={password} onChange={setPassword} required autoComplete="new-password" hint={<>At least 8 characters.<PasswordStrengthMeter password={password} /></>} />
        <Input label="Invite Code" name="inviteCode" value={inviteCode} onChange={setInviteCode} required autoComplete="off" placeholder="Paste your invite code" />
        <Button type="submit" loading={busy} disabled={busy} fullWidth>
          Register
        </Button>
        <Links>
          <span>
            Already an admin? <Link to="/admin-auth/admin-login">Login</Link>
          </span>
        </Links>
      </Form>
    </AuthCard>
  );
}
