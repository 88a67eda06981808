import type { Asset, DepositMethod, InvestMethod, UserProfile, WalletAddress } from '@halcyon/api-client/model';

type BalanceKey = 'btcBal' | 'usdtBal' | 'ethBal' | 'solBal';
/** The record's four addresses (not its id, nor the admin-only extended public keys). */
type WalletKey = keyof Pick<WalletAddress, 'bitcoin' | 'ethereum' | 'sol' | 'usdt'>;

/** One of the four assets with every name the screens and the API use for it. */
export interface AssetInfo {
  name: string;
  abbr: Asset;
  /** Upper-case ticker, the investment method (the spec's field name `otheAbbr`). */
  otheAbbr: InvestMethod;
  balanceKey: BalanceKey;
  depositMethod: DepositMethod;
  walletKey: WalletKey;
}

export const ASSET_LIST: readonly AssetInfo[] = [
  { name: 'Bitcoin', abbr: 'btc', otheAbbr: 'BTC', balanceKey: 'btcBal', depositMethod: 'bitcoin', walletKey: 'bitcoin' },
  { name: 'USDT', abbr: 'usdt', otheAbbr: 'USDT', balanceKey: 'usdtBal', depositMethod: 'usdt', walletKey: 'usdt' },
  { name: 'Ethereum', abbr: 'eth', otheAbbr: 'ETH', balanceKey: 'ethBal', depositMethod: 'ethereum', walletKey: 'ethereum' },
  { name: 'Solana', abbr: 'sol', otheAbbr: 'SOL', balanceKey: 'solBal', depositMethod: 'solana', walletKey: 'sol' },
];

export function assetByAbbr(abbr: string): AssetInfo | undefined {
  return ASSET_LIST.find((a) => a.abbr === abbr);
}

/** The asset a deposit method credits (a deposit or transaction read back from the server names its method). */
export function assetByMethod(method: string): AssetInfo | undefined {
  return ASSET_LIST.find((a) => a.depositMethod === method);
}

export function balanceOf(profile: UserProfile | null, asset: AssetInfo): number {
  return profile ? profile[asset.balanceKey] : 0;
}
