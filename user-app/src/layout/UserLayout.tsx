import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { brandAtom } from '@halcyon/api-client/http';
import { Outlet } from 'react-router';
import styled from 'styled-components';
import { Footer, Loading, SkipLink } from '@halcyon/shared-ui';
import { useLiveChanges } from '../features/live/useLiveChanges';
import { AdvancedChart, MarketOverview } from '../widgets';
import { BOTTOM_NAV_HEIGHT, BottomNav } from './BottomNav';
import { PhoneHeader } from './PhoneHeader';
import { TopBar } from './TopBar';

/**
 * The user area: skip link, top bar (wide screens) or header (phones), the screen, the market
 * widgets (chart and overview), the bottom navigation, footer. Screens load lazily inside the Suspense boundary so the
 * frame stays on screen while a screen's chunk arrives.
 */
export function UserLayout() {
  const brand = useAtomValue(brandAtom);
  useLiveChanges();
  return (
    <Shell>
      <SkipLink target="main-content" />
      <TopBar />
      <PhoneHeader />
      <Main id="main-content" tabIndex={-1}>
        {/* A screen on its way holds a screen's height: the market widgets below wait out of sight
            instead of being pushed across the viewport when it arrives (issue 32: CLS 0.87 → 0.01). */}
        <Suspense fallback={<Arriving><Loading /></Arriving>}>
          <Outlet />
        </Suspense>
      </Main>
      <Markets aria-labelledby="markets-title">
        <h2 id="markets-title">Markets today</h2>
        <div className="widgets">
          <AdvancedChart />
          <MarketOverview />
        </div>
      </Markets>
      <BottomNav />
      <Footer brand={brand} />
    </Shell>
  );
}

const Shell = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  /* Room for the tab bar fixed to a phone's bottom edge; on wide screens it sits in the page. */
  padding-bottom: ${BOTTOM_NAV_HEIGHT + 8}px;
  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    padding-bottom: 0;
  }
`;

const Main = styled.main`
  flex: 1;
  &:focus { outline: none; }
  width: 100%;
  padding: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    padding: ${({ theme }) => theme.space(6)};
  }
`;

const Arriving = styled.div`
  min-height: 100vh;
`;

const Markets = styled.section`
  width: 100%;
  padding: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(6)};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    padding: 0 ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(6)};
  }
  & > * { max-width: 1100px; margin-left: auto; margin-right: auto; }
  h2 { margin-top: 0; margin-bottom: ${({ theme }) => theme.space(3)}; font-size: ${({ theme }) => theme.font.size.large}; }
  .widgets {
    display: grid;
    gap: ${({ theme }) => theme.space(4)};
    @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
      grid-template-columns: 3fr 2fr;
    }
  }
`;
