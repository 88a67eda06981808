import { Link } from 'react-router';
import styled, { css } from 'styled-components';
import type { UserProfile } from '@halcyon/api-client/model';
import { Figure, FigurePending, formatMoney } from '@halcyon/shared-ui';

/** The parts of the total, in the order money moves through them, each with the statement entries that move it. */
const PARTS = [
  { key: 'available', label: 'Available', hint: 'yours to withdraw or invest', to: '/user/statement' },
  { key: 'held', label: 'Held for withdrawals', hint: 'requested, not yet paid out', to: '/user/statement?kind=withdrawal_hold' },
  { key: 'invested', label: 'Invested', hint: 'in plans until they end', to: '/user/statement?kind=investment_lock' },
  { key: 'earnings', label: 'Earnings', hint: 'from your plans', to: '/user/statement?kind=earnings_credit' },
] as const;

/**
 * The dashboard's headline: everything the investor owns (issue 29), not only what is available,
 * so investing or requesting a withdrawal does not make it fall; what it is made of one tap away.
 */
export function PortfolioTotal({ profile }: { profile?: UserProfile }) {
  // While the profile loads: the heading, and the figure's and the breakdown's room.
  if (!profile) {
    return (
      <div>
        <h1>Total portfolio</h1>
        <Figure>
          <FigurePending />
        </Figure>
        <PartsPending />
      </div>
    );
  }
  // An older server sends no breakdown: its available balance is all it can say.
  const portfolio = profile.portfolio ?? { available: profile.balance, held: 0, invested: 0, earnings: profile.earnings, total: profile.balance + profile.earnings };
  return (
    <div>
      <h1>Total portfolio</h1>
      <Figure>{formatMoney(portfolio.total)}</Figure>
      <Parts>
        <summary>What makes it up</summary>
        <dl>
          {PARTS.map((part) => (
            <div key={part.key}>
              <dt>
                <Link to={part.to}>{part.label}</Link> <span>{part.hint}</span>
              </dt>
              <dd>{formatMoney(portfolio[part.key])}</dd>
            </div>
          ))}
        </dl>
      </Parts>
    </div>
  );
}

const partsLine = css`
  margin-top: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const PartsPending = styled.div`
  ${partsLine}
  min-height: 24px;
`;

const Parts = styled.details`
  ${partsLine}
  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.info};
    min-height: 24px;
  }
  dl { display: grid; gap: ${({ theme }) => theme.space(2)}; margin: ${({ theme }) => theme.space(2)} 0 0; }
  dl > div { display: flex; justify-content: space-between; align-items: baseline; gap: ${({ theme }) => theme.space(3)}; }
  dt a { color: ${({ theme }) => theme.colors.text}; font-weight: 600; }
  dt span { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; white-space: nowrap; }
`;
