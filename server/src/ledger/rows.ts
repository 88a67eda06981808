/** Row → wire helpers shared by the money features. */

/** timestamptz (a Date from both drivers) → ISO string. */
export const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();
export const isoOrNull = (d: Date | string | null): string | null => (d === null ? null : iso(d));

/** The `user: { name, email }` of a request row joined with users as user_name, user_email. */
export interface UserColumns {
  user_name: string;
  user_email: string;
}
export const userRef = (r: UserColumns) => ({ name: r.user_name, email: r.user_email });
