import type { ReactNode } from 'react';
import styled from 'styled-components';
import { formatMoney } from '@halcyon/shared-ui';
import type { UserProfile } from '@halcyon/api-client/model';
import { ASSET_LIST, balanceOf, type AssetInfo } from '../../lib/assets';
import { AssetBadge } from './AssetBadge';

/**
 * The four assets with their balance; `action` renders the per-asset control (Fund, Invest),
 * `caption` the line under the name (default 'Total {asset} Balance').
 */
export function AssetList({ profile, action, caption }: { profile: UserProfile | null; action?: (asset: AssetInfo) => ReactNode; caption?: (asset: AssetInfo) => string }) {
  return (
    <List>
      {ASSET_LIST.map((asset) => (
        <Item key={asset.abbr} aria-label={asset.name}>
          <AssetBadge asset={asset} />
          <div className="who">
            <strong>{asset.name}</strong>
            <span>{caption ? caption(asset) : `Total ${asset.name} Balance`}</span>
          </div>
          <span className="amount">{formatMoney(balanceOf(profile, asset))}</span>
          {action ? <div className="action">{action(asset)}</div> : null}
        </Item>
      ))}
    </List>
  );
}

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  .who { display: flex; flex-direction: column; flex: 1; min-width: 120px; }
  .who span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.small}; }
  .amount { font-weight: 700; }
  .action { flex: none; }
`;
