import { formatDateTime } from '@halcyon/shared-ui';

/** Values the admin tables show that shared-ui's formatting does not cover. */

/** Never a password (deviations.md): every row shows the same mask. */
export const PASSWORD_MASK = '••••••••';

/** Numbers for S/N columns: rows keep their original position when re-sorted. */
export function numbered<T>(rows: readonly T[]): (T & { sn: number })[] {
  return rows.map((row, i) => ({ ...row, sn: i + 1 }));
}

/** An instant with its time of day, saying the zone the app's dates are in: 'Nov 27, 2026, 10:15 AM UTC'. */
export const utcTime = (iso: string): string => `${formatDateTime(iso)} UTC`;

// Made on first use, not as the module loads: a page's first Intl format initialises ICU (tens of
// milliseconds of a phone's CPU), and most admin pages show no relative time.
let relative: Intl.RelativeTimeFormat | undefined;
const ago = (amount: number, unit: Intl.RelativeTimeFormatUnit) => (relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' })).format(-amount, unit);
/** Each unit and how many of it make the next one. */
const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
];

/** How long ago an instant was, in the largest whole unit: 'now', '12 seconds ago', '5 minutes ago', '3 hours ago', 'yesterday', '4 days ago'. */
export function timeAgo(iso: string, now = Date.now()): string {
  let amount = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  for (const [unit, next] of UNITS) {
    if (amount < next) return ago(amount, unit);
    amount = Math.floor(amount / next);
  }
  return ago(amount, 'day');
}
