import { AuthCard, Links } from '../layout/AuthCard';
import { Link } from 'react-router';

const texts = {
  about: { title: 'About', body: 'Crypto Investment Made Easy. Deposit, invest in fixed-term plans and copy traders from one account.' },
  contact: { title: 'Contact', body: 'Questions about your account? Log in and reach us from your dashboard, or write to support at your operator.' },
} as const;

/** about and contact: the spec's shared placeholder view. */
export function InfoScreen({ page }: { page: keyof typeof texts }) {
  const { title, body } = texts[page];
  return (
    <AuthCard title={title}>
      <p>{body}</p>
      <Links>
        <Link to="/auth/login">Login</Link>
        <Link to="/auth/register">Register</Link>
      </Links>
    </AuthCard>
  );
}
