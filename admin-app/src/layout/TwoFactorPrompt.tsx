import { NavLink } from 'react-router';
import styled from 'styled-components';
import { useApiQuery } from '@halcyon/api-client/react';

const Banner = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  color: ${({ theme }) => theme.colors.text};
  a { color: ${({ theme }) => theme.colors.warning}; font-weight: 700; }
`;

/**
 * Until the admin has two-factor on, every screen says so (docs/security.md "Two-factor"); with
 * REQUIRE_ADMIN_2FA=1 the server also refuses their changes until then.
 */
export function TwoFactorPrompt() {
  const status = useApiQuery('getTwoFactor', undefined, { select: (r) => r.data });
  if (!status.data || status.data.enabled) return null;
  return (
    <Banner role="status">
      Your admin account has no two-factor authentication yet. A stolen password would be enough to move users&apos; money:{' '}
      <NavLink to="/admin/security">turn it on in Security</NavLink>.
    </Banner>
  );
}
