import { DOB_MAX, DOB_MIN } from '../constants';

/**
 * Why `v` is not a date of birth the profile takes (the reason of the 400 `dob: <reason>`), or
 * null: a real calendar date written YYYY-MM-DD within DOB_MIN..DOB_MAX (spec 9).
 */
export function dobProblem(v: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'must be a date YYYY-MM-DD';
  // Date.parse rolls 2001-02-30 over to March: a real date prints back as itself.
  const time = Date.parse(`${v}T00:00:00Z`);
  if (Number.isNaN(time) || !new Date(time).toISOString().startsWith(v)) return 'must be a real date';
  if (v < DOB_MIN || v > DOB_MAX) return `must be between ${DOB_MIN} and ${DOB_MAX}`;
  return null;
}
