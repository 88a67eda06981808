// Display formatting. Dates are formatted in UTC so the same instant reads the same everywhere
// (and tests are stable); amounts are USD with 2 decimals.
//
// Amounts, counts and dates are formatted without Intl: a page's first Intl.NumberFormat or date
// format initialises ICU, 85–250 ms of a phone's CPU (4× slowed Chromium), on the dashboard as it
// starts (issue 32). The result is Intl's en-US text, character for character (format.test.ts
// compares them).

function toNumber(n: number | string | null | undefined): number {
  const v = typeof n === 'string' ? Number(n) : n;
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/**
 * Thousands as K, millions as M, always one decimal: 1500 → '1.5K', 2_000_000 → '2.0M'.
 * Below 1000 the number is returned unchanged (as a string). There is no B: the spec names K and M only.
 */
export function formatCompact(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  if (abs < 1000) return String(n);
  // Round first, so 999_960 becomes '1.0M' rather than '1000.0K'.
  const thousands = Math.round(abs / 100) / 10;
  if (thousands < 1000) return `${sign}${thousands.toFixed(1)}K`;
  return `${sign}${(Math.round(abs / 100_000) / 10).toFixed(1)}M`;
}

/** '1234567' → '1,234,567': a run of digits grouped by thousands, as Intl's en-US groups them. */
const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * '-' for a negative amount, negative zero included, and '1,234.50' for its size, as Intl writes
 * them: Intl rounds the number's shortest decimal form (String(n): 0.015, not the double's exact
 * 0.01499…) half away from zero. Below 1e-6 (an exponent in String) the amount is 0.00; from 1e21
 * up, Intl's own digits.
 */
function signAndDigits(v: number): { sign: string; digits: string } {
  const sign = v < 0 || Object.is(v, -0) ? '-' : '';
  const abs = Math.abs(v);
  if (abs >= 1e21) return { sign, digits: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(abs) };
  const [whole = '0', fraction = ''] = abs < 1e-6 ? ['0'] : String(abs).split('.');
  const cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1n : 0n);
  const text = cents.toString().padStart(3, '0');
  return { sign, digits: `${groupThousands(text.slice(0, -2))}.${text.slice(-2)}` };
}

/** '$1,234.50' (negative: '-$1,234.50'). Non-numbers count as 0. */
export function formatMoney(n: number | string | null | undefined): string {
  const { sign, digits } = signAndDigits(toNumber(n));
  return `${sign}$${digits}`;
}

/** '1,234.50 USD'. */
export function formatUsd(n: number | string | null | undefined): string {
  const { sign, digits } = signAndDigits(toNumber(n));
  return `${sign}${digits} USD`;
}

/** A whole count as Intl's en-US writes it: '1,234,567'. Anything but a safe integer goes to Intl. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  return `${n < 0 ? '-' : ''}${groupThousands(String(Math.abs(n)))}`;
}

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const MONTHS = MONTH_NAMES.map((m) => m.slice(0, 3));

/**
 * 'Nov 22, 2026' as Intl's en-US writes it in UTC, without Intl: a page's first date format costs
 * 85–95 ms of a 4× slowed Chromium (ICU's date patterns), a long task on the dashboard's start
 * (issue 32). Years outside 1000–9999 are left to Intl (its own digits and eras).
 */
function utcDate(d: Date): string | null {
  const year = d.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${year}` : null;
}

/** 'Nov 22, 2026' (UTC); '' for empty or invalid input. */
export function formatDate(value: DateInput): string {
  const d = toDate(value);
  if (!d) return '';
  return utcDate(d) ?? d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** 'Nov 22, 2026, 3:04 PM' (UTC); '' for empty or invalid input. */
export function formatDateTime(value: DateInput): string {
  const d = toDate(value);
  if (!d) return '';
  const date = utcDate(d);
  if (date === null) return d.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const hours = d.getUTCHours();
  return `${date}, ${hours % 12 || 12}:${String(d.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A statement month, 'YYYY-MM', as 'November 2026'; '' for anything else. */
export function formatMonth(month: string): string {
  const [, year, mm] = /^(\d{4})-(\d{2})$/.exec(month) ?? [];
  const name = MONTH_NAMES[Number(mm) - 1];
  return year && Number(year) >= 1000 && name ? `${name} ${year}` : '';
}

const methodLabels: Record<string, string> = { bitcoin: 'BTC', solana: 'SOL', ethereum: 'ETH' };

/** bitcoin → BTC, solana → SOL, ethereum → ETH; any other method upper-case (usdt → USDT, bank → BANK). */
export function methodLabel(method: string): string {
  return methodLabels[method.toLowerCase()] ?? method.toUpperCase();
}

/** First letter upper case, rest unchanged. */
/** A duration in whole hours as the texts say it: '1 hour', '24 hours'. */
export function formatHours(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

export function capitalize(s: string): string {
  return s.length === 0 ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

/** Spec 9: a win rate of 60 % or more reads green (theme colour 'success'), below it orange. */
export const winRateTone = (winRate: number): 'success' | 'orange' => (winRate >= 60 ? 'success' : 'orange');
