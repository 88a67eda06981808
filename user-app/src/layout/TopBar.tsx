import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { brandAtom } from '@halcyon/api-client/http';
import styled from 'styled-components';
import { Logo, pill } from '@halcyon/shared-ui';
import { ArrowDownIcon, ArrowUpIcon, SwapIcon } from '../lib/icons';
import { TickerTape } from '../widgets';

const SHORTCUTS = [
  { to: '/user/withdraw', label: 'Withdraw', Icon: ArrowUpIcon },
  { to: '/user/deposit', label: 'Deposit', Icon: ArrowDownIcon },
  { to: '/user/invest', label: 'Trade', Icon: SwapIcon },
] as const;

/** Wide screens only: ticker tape, logo and the three money shortcuts. */
export function TopBar() {
  const brand = useAtomValue(brandAtom);
  return (
    <Bar>
      <TickerTape />
      <Inner>
        <Logo brand={brand} />
        <nav aria-label="Shortcuts">
          <ul>
            {SHORTCUTS.map(({ to, label, Icon }) => (
              <li key={to}>
                <Shortcut to={to}>
                  <Icon size={18} />
                  {label}
                </Shortcut>
              </li>
            ))}
          </ul>
        </nav>
      </Inner>
    </Bar>
  );
}

const Bar = styled.header`
  display: none;
  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    display: block;
    background: ${({ theme }) => theme.colors.surface};
    border-bottom: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 1100px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(6)};
  ul { display: flex; gap: ${({ theme }) => theme.space(2)}; margin: 0; padding: 0; list-style: none; }
`;

const Shortcut = styled(Link)`
  ${pill}
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  &:hover { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primaryText}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;
