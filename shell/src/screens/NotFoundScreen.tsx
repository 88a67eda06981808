import { Link } from 'react-router';
import { AuthCard, Links } from '../layout/AuthCard';

/** Any route the shell does not know. */
export function NotFoundScreen() {
  return (
    <AuthCard title="Page not found">
      <p>The page you are looking for does not exist or has moved.</p>
      <Links>
        <Link to="/">Go to home</Link>
      </Links>
    </AuthCard>
  );
}
