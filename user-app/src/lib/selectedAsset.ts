import { isUsdAmount } from '@halcyon/api-client/model';
import { assetByAbbr } from './assets';

/** The deposit choice carried from Deposit to Payment information (spec 3: browser storage). */
export interface SelectedAsset {
  name: string;
  abbr: string;
  otheAbbr: string;
  amount: number;
}

const SELECTED_ASSET_KEY = 'selectedAsset';

export function saveSelectedAsset(value: SelectedAsset): void {
  window.localStorage.setItem(SELECTED_ASSET_KEY, JSON.stringify(value));
}

/** The stored choice, or null when missing or tampered with (unknown asset, an amount the amount rule refuses). */
export function readSelectedAsset(): SelectedAsset | null {
  const raw = window.localStorage.getItem(SELECTED_ASSET_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<SelectedAsset>;
    if (typeof v.abbr !== 'string' || !assetByAbbr(v.abbr)) return null;
    if (typeof v.amount !== 'number' || !isUsdAmount(v.amount)) return null;
    return { name: String(v.name ?? ''), abbr: v.abbr, otheAbbr: String(v.otheAbbr ?? ''), amount: v.amount };
  } catch {
    return null;
  }
}
