import { Link } from 'react-router';
import styled from 'styled-components';
import { focusRing, visuallyHidden } from './a11y';

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

/** Round pink mark with the brand's initial (the brand is configurable, so no fixed artwork). */
const Hidden = styled.span`${visuallyHidden}`;

function Mark({ initial }: { initial: string }) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="#d6246e" />
      <text x="16" y="21.5" textAnchor="middle" fontSize="16" fontWeight="800" fill="#fff" fontFamily="system-ui, sans-serif">
        {initial}
      </text>
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
    // Name from content ('{brand} home'), so the visible brand is part of it (no aria-label mismatch).
    <LogoLink to="/" className={className}>
      <Mark initial={brand.trim().charAt(0).toUpperCase()} />
      <span>{brand}</span>
      <Hidden> home</Hidden>
    </LogoLink>
  );
}
