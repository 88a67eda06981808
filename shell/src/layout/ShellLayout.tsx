import { Outlet } from 'react-router';
import styled from 'styled-components';
import { Footer, Logo, SkipLink } from '@halcyon/shared-ui';
import { useRuntimeConfig } from '../config/RuntimeConfigContext';

const Page = styled.div`
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  padding: ${({ theme }) => `${theme.space(4)} ${theme.space(5)}`};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    padding: ${({ theme }) => `${theme.space(6)} ${theme.space(10)}`};
  }
`;

const Main = styled.main`
  flex: 1;
  &:focus { outline: none; }
  display: flex;
  flex-direction: column;
  align-items: center;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)} ${theme.space(10)}`};
`;

/** The shared layout of the shell's own pages: dark-blue full-height page, logo to '/', footer. */
export function ShellLayout() {
  const { brand } = useRuntimeConfig();
  return (
    <Page>
      <SkipLink target="main" />
      <Header>
        <Logo brand={brand} />
      </Header>
      <Main id="main" tabIndex={-1}>
        <Outlet />
      </Main>
      <Footer brand={brand} />
    </Page>
  );
}
