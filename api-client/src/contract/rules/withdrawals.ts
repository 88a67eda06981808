import type { WithdrawMethod } from '../constants';

/** Whether a withdrawal method pays out to a wallet address the investor names. */
export type AddressRule = 'required' | 'optional' | 'none';

/**
 * Every crypto method needs a destination, usdt too (issue 30: a usdt withdrawal without one
 * recorded nowhere to pay); bank pays to the profile's bank details, recorded with the request.
 */
export const WITHDRAW_ADDRESS: Readonly<Record<WithdrawMethod, AddressRule>> = {
  bank: 'none',
  bitcoin: 'required',
  ethereum: 'required',
  solana: 'required',
  usdt: 'required',
};

/**
 * What the request body itself must satisfy: the spec's client sends `{ method, amount, to }` with no
 * address, so a crypto method may leave it out (the server pays to the investor's saved payout
 * address for that method); only a bank withdrawal naming an address is wrong.
 */
export function withdrawalBodyAddressProblem(method: WithdrawMethod, address: string | undefined): string | null {
  return WITHDRAW_ADDRESS[method] === 'none' ? withdrawalAddressProblem(method, address) : null;
}

/**
 * Why `address` does not suit `method` on the Withdraw screen (the reason of the 400 `address: <reason>`; the screen shows
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
