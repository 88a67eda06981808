import type { Asset } from '@halcyon/api-client/contract';

/** Assets of the ledger: the four crypto balances, plus 'usd' for earnings and returns. */
type LedgerAsset = Asset | 'usd';

/** Every user has these (created on first credit); earnings are kept in USD, one account per user. */
type UserAccountKind = 'available' | 'held' | 'invested' | 'earnings';
/** Platform accounts: the outside world's side; they may go negative. */
type PlatformAccountKind = 'custody' | 'returns' | 'adjustments';

/** The asset in which earnings are credited and returns paid (documented in docs/ledger.md). */
const EARNINGS_ASSET = 'usd' as const;

export interface AccountRef {
  id: string;
  owner: string | null;
  kind: UserAccountKind | PlatformAccountKind;
  asset: LedgerAsset;
}

function userAccount(uid: string, kind: UserAccountKind, asset: LedgerAsset): AccountRef {
  return { id: `${kind}:${asset}:${uid}`, owner: uid, kind, asset };
}

function platformAccount(kind: PlatformAccountKind, asset: LedgerAsset): AccountRef {
  return { id: `${kind}:${asset}`, owner: null, kind, asset };
}

export const available = (uid: string, asset: Asset) => userAccount(uid, 'available', asset);
export const held = (uid: string, asset: Asset) => userAccount(uid, 'held', asset);
export const invested = (uid: string, asset: Asset) => userAccount(uid, 'invested', asset);
export const earnings = (uid: string) => userAccount(uid, 'earnings', EARNINGS_ASSET);
export const custody = (asset: Asset) => platformAccount('custody', asset);
export const returns = () => platformAccount('returns', EARNINGS_ASSET);
