import { useDeferredValue } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button, formatMoney, Figure, FigurePending, Muted, Page, Panel, SectionTitle, visuallyHidden } from '@halcyon/shared-ui';
import { userSessionAtom } from '@halcyon/api-client/http';
import { useProfileQuery } from '@halcyon/api-client/react';
import type { UserProfile } from '@halcyon/api-client/model';
import { AccountMenu } from '../features/account/AccountMenu';
import { AssetList } from '../features/assets/AssetList';
import { DepositsInProgress } from '../features/deposits/DepositsInProgress';
import { WithdrawalsInProgress } from '../features/withdrawals/WithdrawalsInProgress';
import { PortfolioChart } from '../features/portfolio/PortfolioChart';
import { PortfolioTotal } from '../features/portfolio/PortfolioTotal';
import { ProfileState } from '../features/profile/ProfileState';
import { ArrowDownIcon, ArrowUpIcon, SwapIcon } from '../lib/icons';

const QUICK_ACTIONS = [
  { to: '/user/withdraw', label: 'Withdraw', Icon: ArrowUpIcon },
  { to: '/user/deposit', label: 'Deposit', Icon: ArrowDownIcon },
  { to: '/user/invest', label: 'Trade', Icon: SwapIcon },
] as const;

/** /user/main: portfolio, account menu, welcome, totals, deposits in progress, quick actions and the four assets. */
export default function Dashboard() {
  const query = useProfileQuery();
  const profile = query.data;
  // What is below the totals renders after them, in a background pass (issue 32): the page load's
  // one long render becomes a short one and slices that a tap can come between.
  const below = useDeferredValue(profile);

  if (!profile) return <Arriving query={query} />;

  return (
    <DashboardPage $arriving={!below}>
      <Header>
        <PortfolioTotal profile={profile} />
        <AccountMenu user={profile} />
      </Header>
      <ProfileState query={query} />
      <Welcome name={profile.name} />
      <Totals withdrawals={profile.totalWithdrawals} deposits={profile.totalDeposits} />
      {below && <Below profile={below} />}
    </DashboardPage>
  );
}

/** Deposits and withdrawals in progress, the portfolio's history, the proof link, quick actions and the four assets. */
function Below({ profile }: { profile: UserProfile }) {
  return (
    <>
      <DepositsInProgress />
      <WithdrawalsInProgress />
      <PortfolioChart />
      <ProofLink to="/user/proof">Check that your balance is counted in the platform&apos;s published liabilities</ProofLink>

      <nav aria-label="Quick actions">
        <Actions>
          {QUICK_ACTIONS.map(({ to, label, Icon }) => (
            <li key={to}>
              <Tile to={to}>
                <Icon size={22} />
                {label}
              </Tile>
            </li>
          ))}
        </Actions>
      </nav>

      <section aria-labelledby="my-assets">
        <SectionTitle id="my-assets">My Assets</SectionTitle>
        <AssetList
          profile={profile}
          action={(asset) => (
            <EntriesLink to={`/user/statement?asset=${asset.abbr}`} aria-label={`${asset.name} entries`}>
              Entries
            </EntriesLink>
          )}
        />
      </section>
    </>
  );
}

/**
 * The dashboard while the profile comes (issue 32): the welcome with the name the session keeps,
 * and placeholders of the figures' size, so they fill in without moving what is shown. The server
 * sends this as the page's HTML (user-app/prerender), which paints before any script has run.
 */
function Arriving({ query }: { query: ReturnType<typeof useProfileQuery> }) {
  const { user } = useAtomValue(userSessionAtom);
  const failed = query.error != null && !query.isFetching;
  return (
    <DashboardPage $arriving aria-busy={!failed}>
      <Header>
        <PortfolioTotal />
        <AvatarPending />
      </Header>
      {failed ? <ProfileState query={query} /> : <Status role="status">Loading your portfolio...</Status>}
      <Welcome name={user?.name ?? ''} />
      <Totals />
    </DashboardPage>
  );
}

function Welcome({ name }: { name: string }) {
  return (
    <WelcomeSection aria-labelledby="welcome-title">
      <h2 id="welcome-title">Welcome, {name}</h2>
      <p>Crypto Investment Made Easy.</p>
      <div>
        <Button to="/user/invest">Start Trading</Button>
      </div>
    </WelcomeSection>
  );
}

/** The two totals, each linked to its entries; without figures while they load. */
function Totals({ withdrawals, deposits }: { withdrawals?: number; deposits?: number }) {
  return (
    <TotalsGrid>
      <Panel aria-labelledby="total-withdraw">
        <Muted id="total-withdraw">Total Withdraw</Muted>
        <Figure>{withdrawals === undefined ? <FigurePending /> : formatMoney(withdrawals)}</Figure>
        <EntriesLink to="/user/statement?kind=withdrawal_payout" aria-label="Withdrawal entries">Entries</EntriesLink>
      </Panel>
      <Panel aria-labelledby="total-deposit">
        <Muted id="total-deposit">Total Deposit</Muted>
        <Figure>{deposits === undefined ? <FigurePending /> : formatMoney(deposits)}</Figure>
        <EntriesLink to="/user/statement?kind=deposit" aria-label="Deposit entries">Entries</EntriesLink>
      </Panel>
    </TotalsGrid>
  );
}

/** A screen's height until all of it is there: the market widgets below stay out of sight (as UserLayout's screens on their way). */
const DashboardPage = styled(Page)<{ $arriving?: boolean }>`
  min-height: ${({ $arriving }) => ($arriving ? '100vh' : 'auto')};
`;

const Status = styled.p`${visuallyHidden}`;

/** The account menu's avatar, before the profile says whose. */
const AvatarPending = styled.span.attrs({ 'aria-hidden': true })`
  width: 40px;
  height: 40px;
  flex: none;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  h1 { margin: 0 0 ${({ theme }) => theme.space(1)}; font-size: ${({ theme }) => theme.font.size.normal}; font-weight: 500; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const WelcomeSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius};
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.surfaceAlt}, ${({ theme }) => theme.colors.surface});
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.title}; overflow-wrap: anywhere; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Actions = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Tile = styled(Link)`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 72px;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.secondaryText};
  font-weight: 600;
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.colors.secondaryHover}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

/** Each figure links to the statement entries that make it up (issue 13). */
const EntriesLink = styled(Link)`
  color: ${({ theme }) => theme.colors.info};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const ProofLink = styled(EntriesLink)`
  align-self: flex-start;
`;

/** Two totals side by side from the smallest phone up; each figure shrinks with its panel (Figure). */
const TotalsGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  & > section { padding: ${({ theme }) => theme.space(4)}; container-type: inline-size; }
`;
