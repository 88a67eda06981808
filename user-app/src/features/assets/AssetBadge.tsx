import styled from 'styled-components';
import type { AssetInfo } from '../../lib/assets';

const COLORS: Record<string, string> = { btc: '#f7931a', usdt: '#26a17b', eth: '#8c8cf7', sol: '#14f195' };

/** A round coloured mark with the ticker; decorative next to the asset's name. */
export function AssetBadge({ asset }: { asset: AssetInfo }) {
  return (
    <Mark aria-hidden="true" style={{ background: COLORS[asset.abbr] }}>
      {asset.otheAbbr.slice(0, 4)}
    </Mark>
  );
}

const Mark = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  color: #0b1437;
  font-size: 0.7rem;
  font-weight: 800;
`;
