import { MAX_USD } from '../constants';

/** Smallest amount the API takes: one cent. */
export const MIN_USD = 0.01;

/**
 * True when `v` is exactly a number of hundredths as a decimal literal or JSON writes it: 0.29 and
 * 1e2 are, 10.001 and 1e-9 are not. `v * 100` carries float noise (0.29 * 100 = 28.999…), so the
 * test is the round trip: the nearest double to k/100 survives `round(v * 100) / 100` unchanged.
 */
export const hasAtMostTwoDecimals = (v: number): boolean => Number.isFinite(v) && Math.round(v * 100) / 100 === v;

/**
 * Why `v` is not a money amount the API takes (the reason of the 400 `amount: <reason>`), or null
 * when it is one: finite, a whole number of cents, from 1 cent to MAX_USD, decided on the number as
 * sent (nothing is rounded: 1e-9 is refused, not turned into 0).
 */
export function usdAmountProblem(v: number): string | null {
  if (!Number.isFinite(v)) return 'must be a finite number';
  if (v <= 0) return 'must be greater than 0';
  if (v > MAX_USD) return `must be at most ${MAX_USD}`;
  if (!hasAtMostTwoDecimals(v)) return 'must have at most 2 decimals';
  return null;
}

export const isUsdAmount = (v: number): boolean => usdAmountProblem(v) === null;

// Plain decimal text as people type it: digits with an optional point (no sign, no exponent).
const PLAIN_DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/**
 * The one parser of a typed number ('1,234.5', ' 30 '): digits with an optional point, commas
 * between thousands; null for anything else (blank, '1e3', '-5', '0x10', 'Infinity'). The value's
 * own rule (amount, count, days) is the schema's or the server's to apply.
 */
export function parsePlainNumber(text: string): number | null {
  const plain = text.trim().replace(/,/g, '');
  return PLAIN_DECIMAL.test(plain) ? Number(plain) : null;
}

/**
 * The amount an investor or admin typed ('1,234.5', ' 250 '), or null when the text is not a
 * money amount the API takes. Nothing is rounded: '10.005' is refused rather than changed.
 */
export function parseUsdAmount(text: string): number | null {
  const v = parsePlainNumber(text);
  return v !== null && isUsdAmount(v) ? v : null;
}
