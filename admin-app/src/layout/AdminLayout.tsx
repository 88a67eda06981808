import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import styled from 'styled-components';
import { brandAtom, endSession } from '@halcyon/api-client/http';
import { Loading, Logo, SkipLink } from '@halcyon/shared-ui';
import { CloseIcon, LogoutIcon, MenuIcon } from './icons';
import { ADMIN_LOGIN_PATH, NAV_ENTRIES } from './nav';
import { TwoFactorPrompt } from './TwoFactorPrompt';

const SIDEBAR = '248px';

const Frame = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    display: grid;
    grid-template-columns: ${SIDEBAR} minmax(0, 1fr);
  }
`;

const TopBar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 8px 16px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    display: none;
  }
`;

const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-width: 44px;
  min-height: 44px;
  padding: 0 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusSmall};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Sidebar = styled.nav<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  flex-direction: column;
  position: fixed;
  inset: 61px 0 0 0;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  overflow-y: auto;
  padding: 16px 12px;
  background: ${({ theme }) => theme.colors.surface};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    right: auto;
    width: ${SIDEBAR};
    border-right: 1px solid ${({ theme }) => theme.colors.border};
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    display: flex;
    position: sticky;
    top: 0;
    height: 100vh;
    inset: auto;
  }
`;

const Brand = styled.div`
  display: none;
  padding: 4px 12px 16px;
  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    display: block;
  }
`;

const Links = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Link = styled(NavLink)`
  display: block;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radiusSmall};
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  font-weight: 500;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.text};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 700;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Logout = styled(IconButton)`
  justify-content: flex-start;
  margin-top: 16px;
  width: 100%;
`;

const Main = styled.main`
  min-width: 0;
  &:focus { outline: none; }
  padding: 16px;
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    padding: 24px 32px;
  }
`;

/** The admin frame: sidebar of every admin screen (a menu on narrow screens) and the screen. */
export function AdminLayout() {
  const [open, setOpen] = useState(false);
  const brand = useAtomValue(brandAtom);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // Following a link closes the narrow-screen menu.
  useEffect(() => setOpen(false), [pathname]);

  // The server revokes the token; the session is cleared at once whether or not it answers.
  const logout = () => {
    void endSession('admin');
    navigate(ADMIN_LOGIN_PATH);
  };

  return (
    <Frame>
      <SkipLink target="admin-main" />
      <TopBar>
        <Logo brand={brand} />
        <IconButton type="button" aria-expanded={open} aria-controls="admin-sidebar" onClick={() => setOpen((o) => !o)}>
          {open ? <CloseIcon /> : <MenuIcon />}
          <span>Menu</span>
        </IconButton>
      </TopBar>
      <Sidebar id="admin-sidebar" aria-label="Admin" $open={open}>
        <Brand>
          <Logo brand={brand} />
        </Brand>
        <Links>
          {NAV_ENTRIES.map((entry) => (
            <li key={entry.path}>
              <Link to={`/admin/${entry.path}`}>{entry.label}</Link>
            </li>
          ))}
        </Links>
        <Logout type="button" onClick={logout}>
          <LogoutIcon />
          Logout
        </Logout>
      </Sidebar>
      <Main id="admin-main" tabIndex={-1}>
        <TwoFactorPrompt />
        <Suspense fallback={<Loading label="Loading screen" />}>
          <Outlet />
        </Suspense>
      </Main>
    </Frame>
  );
}
