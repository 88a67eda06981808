import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing } from './a11y';

const LogoLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.large};
  font-weight: 800;
  letter-spacing: 0.02em;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radiusSmall};
  ${focusRing}
`;

function Mark() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#d6246e" />
      <path d="M9 22c3-7 11-7 14-12M9 10c3 5 6 7 14 12" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

export interface LogoProps {
  brand?: string;
  className?: string;
}

/** Brand mark and name, linking to '/'. */
export function Logo({ brand = 'Halcyon', className }: LogoProps) {
  return (
    <LogoLink to="/" aria-label={`${brand} home`} className={className}>
      <Mark />
      <span>{brand}</span>
    </LogoLink>
  );
}
