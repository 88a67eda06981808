import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import styled from 'styled-components';
import { GlobeIcon, HomeIcon, ListIcon, TradeIcon, UsersIcon } from '../lib/icons';

const TABS: readonly { to: string; label: string; Icon: ComponentType<{ size?: number }> }[] = [
  { to: '/user/main', label: 'Home', Icon: HomeIcon },
  { to: '/user/investment-log', label: 'My trade', Icon: TradeIcon },
  { to: '/user/transactions', label: 'Transactions', Icon: ListIcon },
  { to: '/user/market', label: 'Markets', Icon: GlobeIcon },
  { to: '/user/copy-trading', label: 'Copy Trading', Icon: UsersIcon },
];

/**
 * The five tabs: fixed to a phone's bottom edge (the layout keeps room for them under the page);
 * on wide screens at the page's end, above the footer, not floating over long pages (issue 29).
 * NavLink marks the active one with aria-current="page".
 */
export function BottomNav() {
  return (
    <Bar aria-label="Main">
      <ul>
        {TABS.map(({ to, label, Icon }) => (
          <li key={to}>
            <Tab to={to}>
              <Icon size={22} />
              <span>{label}</span>
            </Tab>
          </li>
        ))}
      </ul>
    </Bar>
  );
}

export const BOTTOM_NAV_HEIGHT = 68;

const Bar = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndex.dropdown - 1};
  height: ${BOTTOM_NAV_HEIGHT}px;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  padding-bottom: env(safe-area-inset-bottom);
  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    position: static;
    border-bottom: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  }
  ul {
    display: grid;
    grid-template-columns: repeat(5, 1fr);
    max-width: 720px;
    height: 100%;
    margin: 0 auto;
    padding: 0;
    list-style: none;
  }
`;

const Tab = styled(NavLink)`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 4px;
  height: 100%;
  padding: 0 2px;
  font-size: 0.72rem;
  text-align: center;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.textMuted};
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 700;
    svg { color: ${({ theme }) => theme.colors.primary}; }
    span { border-bottom: 2px solid ${({ theme }) => theme.colors.primary}; }
  }
  &:hover { color: ${({ theme }) => theme.colors.text}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: -3px; }
`;
