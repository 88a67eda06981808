import styled from 'styled-components';
import type { Solvency } from '@halcyon/api-client/model';
import { Table, formatMoney } from '@halcyon/shared-ui';

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

const Covered = styled.span<{ $ok: boolean }>`
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
  font-weight: 600;
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
  {
    key: 'gap',
    header: 'Custody − owed',
    render: (r: AssetRow) => <Covered $ok={r.gap >= 0}>{r.gap >= 0 ? formatMoney(r.gap) : `−${formatMoney(-r.gap)}`}</Covered>,
  },
];

/** Overview figures: Total Deposit (sum of user balances), Total Users, and solvency per asset. */
export function SolvencyPanel({ solvency }: { solvency: Solvency }) {
  // custody − owed comes from the server, computed in cents.
  const rows = solvency.assets;
  return (
    <>
      <Stats>
        <Stat>
          <h2>Total Deposit</h2>
          <p>{formatMoney(solvency.totalUserBalances)}</p>
        </Stat>
        <Stat>
          <h2>Total Users</h2>
          <p>{solvency.totalUsers.toLocaleString('en-US')}</p>
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
      <Table caption="Solvency per asset: what users are owed against what custody holds" columns={assetColumns} rows={rows} getRowKey={(r: AssetRow) => r.asset} />
    </>
  );
}
