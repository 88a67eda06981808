/**
 * Money conversions at the edges of the ledger. Inside, amounts are integer cents; the API speaks
 * USD numbers with at most 2 decimals (already validated by the contract's `usdAmount`).
 */

/** USD number → integer cents. Rounding only absorbs binary float noise (0.29 * 100 = 28.999…). */
export function usdToCents(usd: number): number {
  const cents = Math.round(usd * 100);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount out of range: ${usd}`);
  return cents;
}

/** Integer cents → USD number for responses. */
export function centsToUsd(cents: number): number {
  return cents / 100;
}

/** A bigint/numeric column (the drivers return them as exact strings) → integer cents. */
function toCents(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : Number(value as string | bigint);
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an integer amount of cents: ${String(value)}`);
  return n;
}

/** A database column (bigint string or number) → USD number. */
export const dbUsd = (value: unknown): number => centsToUsd(toCents(value));

/** Percent with at most 2 decimals → basis points (12.5 % → 1250). */
export const percentToBp = (percent: number): number => Math.round(percent * 100);
export const bpToPercent = (bp: number): number => bp / 100;

/**
 * Return on an investment: `amount × returns%` in cents, rounded half up
 * (amounts and rates are positive, so integer division of (x + 5000) / 10000 is exact half-up).
 */
export function returnCents(amountCents: number, returnsBp: number): number {
  return Number((BigInt(amountCents) * BigInt(returnsBp) + 5000n) / 10000n);
}
