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
