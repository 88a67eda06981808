import styled from 'styled-components';
import type { Chain } from '@halcyon/api-client/model';

// What the chain screens (Chains, Payouts) show the same way.

/** The watched chains as the admin screens name them. */
export const CHAIN_NAMES: Record<Chain, string> = { bitcoin: 'Bitcoin', ethereum: 'Ethereum', bsc: 'BNB Smart Chain' };

/** A coin amount as one unbreakable figure: '0.00416667 BTC'. */
export const Coins = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

/** Two lines in one cell: a name over its email, coins over their worth in USD. */
export const TwoLines = styled.span`
  display: inline-flex;
  flex-direction: column;
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** A table's user cell: the name, the email below it. */
export const who = (row: { user: { name: string; email: string } }) => (
  <TwoLines>
    <span>{row.user.name}</span>
    <small>{row.user.email}</small>
  </TwoLines>
);
