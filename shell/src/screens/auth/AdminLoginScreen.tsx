import { Link } from 'react-router';
import { LoginForm } from './LoginScreen';
import { Links } from '../../layout/AuthCard';

/** /admin-auth/admin-login: same call as the investor login; an admin session goes to /admin/overview. */
export function AdminLoginScreen() {
  return (
    <LoginForm
      title="Admin login"
      lead="Sign in to run the platform."
      forgotPath="/auth/forget_password"
      footer={
        <Links>
          <span>
            Have an invite code? <Link to="/admin-auth/admin-reg">Register as admin</Link>
          </span>
        </Links>
      }
    />
  );
}
