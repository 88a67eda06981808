// Display formatting. Dates are formatted in UTC so the same instant reads the same everywhere
// (and tests are stable); amounts are USD with 2 decimals.

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plain2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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

/** '$1,234.50' (negative: '-$1,234.50'). Non-numbers count as 0. */
export function formatMoney(n: number | string | null | undefined): string {
  return money.format(toNumber(n));
}

/** '1,234.50 USD'. */
export function formatUsd(n: number | string | null | undefined): string {
  return `${plain2.format(toNumber(n))} USD`;
}

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'Nov 22, 2026' (UTC); '' for empty or invalid input. */
export function formatDate(value: DateInput, timeZone = 'UTC'): string {
  const d = toDate(value);
  return d ? d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone }) : '';
}

/** 'Nov 22, 2026, 3:04 PM' (UTC by default); '' for empty or invalid input. */
export function formatDateTime(value: DateInput, timeZone = 'UTC'): string {
  const d = toDate(value);
  return d
    ? d.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone })
    : '';
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
