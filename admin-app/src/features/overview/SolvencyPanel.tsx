import styled from 'styled-components';
import type { ChainReserve, Solvency } from '@halcyon/api-client/model';
import { Table, formatCount, formatMoney } from '@halcyon/shared-ui';
import { Gap } from '../../lib/Gap';

const Stats = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
  gap: 16px;
`;

const Stat = styled.li`
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  container-type: inline-size;
  h2 {
    margin: 0 0 8px;
    font-size: ${({ theme }) => theme.font.size.small};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  p {
    margin: 0;
    /* Totals in the billions ("$2,965,152,500.00", ~11em in tabular figures) fit the card's width; wider still wraps, never cut off. */
    font-size: clamp(1rem, 8.5cqi, ${({ theme }) => theme.font.size.title});
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;

const OnChain = styled.span`
  display: inline-flex;
  flex-direction: column;
  span { white-space: nowrap; }
  small { color: ${({ theme }) => theme.colors.textMuted}; white-space: nowrap; }
`;

const ASSET_NAMES: Record<Solvency['assets'][number]['asset'], string> = { btc: 'Bitcoin', usdt: 'USDT', eth: 'Ethereum', sol: 'Solana' };

type AssetRow = Solvency['assets'][number];

const assetColumns = [
  { key: 'asset', header: 'Asset', render: (r: AssetRow) => ASSET_NAMES[r.asset] },
  { key: 'available', header: 'Available', kind: 'money' as const },
  { key: 'held', header: 'Held', kind: 'money' as const },
  { key: 'invested', header: 'Invested', kind: 'money' as const },
  { key: 'owed', header: 'Owed to users', kind: 'money' as const },
  { key: 'custody', header: 'Custody', kind: 'money' as const },
  { key: 'gap', header: 'Custody − owed', render: (r: AssetRow) => <Gap value={r.gap} /> },
];

/** What the chain holds at the investors' own addresses (GET /admin/chain's reserves), in USD and in coins. */
function onChainColumn(reserves: readonly ChainReserve[]) {
  return {
    key: 'onChain',
    header: 'On chain',
    render: (r: AssetRow) => {
      const held = reserves.filter((c) => c.asset === r.asset);
      if (!held.length) return null;
      return held.map((c) => (
        <OnChain key={c.chain}>
          <span>{c.onChainUsd === null ? 'No price' : formatMoney(c.onChainUsd)}</span>
          <small>{c.onChain === null ? 'Not measured yet' : `${c.onChain} ${c.coin}`}</small>
        </OnChain>
      ));
    },
  };
}

/**
 * Overview figures: Total Deposit (sum of user balances), Total Users, and solvency per asset; with
 * `reserves` (chains watched, issue 26) what the chain holds for an asset beside what it is owed.
 */
export function SolvencyPanel({ solvency, reserves = [] }: { solvency: Solvency; reserves?: readonly ChainReserve[] }) {
  // custody − owed comes from the server, computed in cents.
  const rows = solvency.assets;
  const columns = reserves.length ? [...assetColumns.slice(0, 5), onChainColumn(reserves), ...assetColumns.slice(5)] : assetColumns;
  return (
    <>
      <Stats>
        <Stat>
          <h2>Total Deposit</h2>
          <p>{formatMoney(solvency.totalUserBalances)}</p>
        </Stat>
        <Stat>
          <h2>Total Users</h2>
          <p>{formatCount(solvency.totalUsers)}</p>
        </Stat>
        <Stat>
          <h2>Owed to users</h2>
          <p>{formatMoney(solvency.totalOwed)}</p>
        </Stat>
        <Stat>
          <h2>Held in custody</h2>
          <p>{formatMoney(solvency.totalCustody)}</p>
        </Stat>
        <Stat>
          <h2>Earnings owed</h2>
          <p>{formatMoney(solvency.earningsOwed)}</p>
        </Stat>
      </Stats>
      <Table caption="Solvency per asset: what users are owed against what custody holds" columns={columns} rows={rows} getRowKey={(r: AssetRow) => r.asset} />
    </>
  );
}
