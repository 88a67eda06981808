import type { WithdrawMethod } from '../constants';

/** Whether a withdrawal method pays out to a wallet address the investor names. */
export type AddressRule = 'required' | 'optional' | 'none';

/** Crypto methods need the destination; usdt shows the field without requiring it (spec 5); bank pays to the profile's bank. */
export const WITHDRAW_ADDRESS: Readonly<Record<WithdrawMethod, AddressRule>> = {
  bank: 'none',
  bitcoin: 'required',
  ethereum: 'required',
  solana: 'required',
  usdt: 'optional',
};

/**
 * Why `address` does not suit `method` (the reason of the 400 `address: <reason>`; the screen shows
 * 'Please provide a valid wallet address.'), or null. Blank counts as absent. Any other text up to
 * 200 characters is taken: the server does not check address formats per chain.
 */
export function withdrawalAddressProblem(method: WithdrawMethod, address: string | undefined): string | null {
  const given = (address ?? '').trim() !== '';
  const rule = WITHDRAW_ADDRESS[method];
  if (rule === 'required' && !given) return `is required for ${method} withdrawals`;
  if (rule === 'none' && given) return `is not allowed for ${method} withdrawals`;
  return null;
}
