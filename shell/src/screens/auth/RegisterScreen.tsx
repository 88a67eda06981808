import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { phoneRule, plainLineProblem } from '@halcyon/api-client/model';
import { api } from '@halcyon/api-client/http';
import { Button, Input } from '@halcyon/shared-ui';
import { toast } from '@halcyon/shared-ui/toast';
import { AuthCard, Form, Links, Row } from '../../layout/AuthCard';
import { useNewPasswordFields, useToastForm } from '@halcyon/app-kit';
import { useBootForm } from '../../boot/useBootForm';

/** The contract's rule for a name (one line, no link; the server's 400 `name: …`), said of one field. */
const nameError = (label: string, value: string): string | null => {
  const reason = plainLineProblem(value.trim());
  return reason === null ? null : `${label} ${reason}.`;
};

/** /auth/register: the investor sign-up (spec 2); success leads to the login. */
export function RegisterScreen() {
  const navigate = useNavigate();
  // What was typed into the page's prerendered form before the app started (boot/bootForm.ts);
  // not the phone, whose control keeps the number in another form than its field shows.
  const { boot, form } = useBootForm();
  const typed = (name: string) => boot?.values[name] ?? '';
  const [v, setV] = useState({ firstName: typed('firstName'), lastName: typed('lastName'), username: typed('username'), phone: '', email: typed('email') });
  const field = (key: keyof typeof v) => (value: string) => setV((prev) => ({ ...prev, [key]: value }));
  const passwords = useNewPasswordFields({ labels: { password: 'Password', confirm: 'Confirm Password' }, initial: { password: typed('password'), confirm: typed('confirmPassword') } });

  const { busy, onSubmit } = useToastForm({
    rules: [
      { name: 'firstName', type: 'text', value: v.firstName },
      { name: 'lastName', type: 'text', value: v.lastName },
      { name: 'username', type: 'text', value: v.username },
      { name: 'phone', type: 'phone', value: v.phone },
      { name: 'email', type: 'email', value: v.email },
      ...passwords.rules,
    ],
    // Spec 5: no request at all when the two passwords differ. The check's toasts are the form's:
    // 'Registration Successful!' closes them.
    check: (_arg, group) => {
      const badName = nameError('First Name', v.firstName) ?? nameError('Last Name', v.lastName);
      if (badName) {
        toast.error(badName, { group });
        return false;
      }
      return passwords.matches(group);
    },
    // The spec only logs a failed registration; we show the server's reason (e.g. email taken).
    toasts: { loading: 'Please wait...', success: 'Registration Successful!', failure: 'Registration failed. Please try again.' },
    request: () =>
      api.register({
        body: { name: `${v.firstName.trim()} ${v.lastName.trim()}`, username: v.username.trim(), phone: v.phone, email: v.email.trim(), password: passwords.password },
      }),
    done: () => navigate('/auth/login', { state: { email: v.email.trim() } }),
  });

  return (
    <AuthCard title="Create your account" lead="Start investing in minutes." wide>
      <Form ref={form} noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
        <Row>
          <Input label="First Name" name="firstName" value={v.firstName} onChange={field('firstName')} required autoComplete="given-name" error={nameError('First Name', v.firstName)} />
          <Input label="Last Name" name="lastName" value={v.lastName} onChange={field('lastName')} required autoComplete="family-name" error={nameError('Last Name', v.lastName)} />
        </Row>
        <Row>
          <Input label="Username" name="username" value={v.username} onChange={field('username')} required autoComplete="username" />
          <Input label="Phone Number" name="phone" type="phone" phoneRule={phoneRule} value={v.phone} onChange={field('phone')} required placeholder="201 555 0123" />
        </Row>
        <Input label="Email" name="email" type="email" value={v.email} onChange={field('email')} required autoComplete="email" placeholder="you@example.com" />
        <Row>{passwords.fields}</Row>
        <Button type="submit" loading={busy} disabled={busy} fullWidth>
          Register
        </Button>
        <Links>
          <span>
            Already have an account? <Link to="/auth/login">Login</Link>
          </span>
        </Links>
      </Form>
    </AuthCard>
  );
}
