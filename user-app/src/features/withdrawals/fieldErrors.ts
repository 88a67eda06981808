import { WITHDRAW_ADDRESS, parsePlainNumber, usdAmountProblem, type WithdrawMethod } from '@halcyon/api-client/model';
import { formatMoney } from '@halcyon/shared-ui';

export interface WithdrawFields {
  method: WithdrawMethod | '';
  address: string;
  amount: string;
  /** What the chosen method's asset can pay out, USD, and its name. */
  available: number;
  assetName: string;
}

export type WithdrawErrors = Partial<Record<'method' | 'address' | 'amount', string>>;

/**
 * What is wrong with each field of the Withdraw form, in plain words, beside the spec's toast
 * (issue 29: '10.005' only said "Please fill in all required fields correctly.").
 */
export function withdrawFieldErrors({ method, address, amount, available, assetName }: WithdrawFields): WithdrawErrors {
  const errors: WithdrawErrors = {};
  if (!method) return { method: 'Choose how you want to be paid.' };
  if (WITHDRAW_ADDRESS[method] === 'required' && !address.trim()) errors.address = 'Enter the wallet address to send to.';
  const value = parsePlainNumber(amount);
  const rule = value === null ? null : usdAmountProblem(value);
  if (!amount.trim()) errors.amount = 'Enter an amount.';
  else if (value === null) errors.amount = 'Enter an amount in dollars, like 250 or 99.50.';
  else if (value <= 0) errors.amount = 'Enter an amount greater than $0.';
  else if (rule?.includes('decimals')) errors.amount = 'Use at most 2 decimals (whole cents), like 10.01.';
  else if (rule) errors.amount = 'That amount is too large.';
  else if (value > available) errors.amount = `That is more than the ${formatMoney(available)} available in ${assetName}.`;
  return errors;
}
