import type { Queryable } from './types';

/** A users row as the server reads it. It holds the password hash: never send one as is. */
export interface UserRow {
  id: string;
  name: string;
  username: string;
  email: string;
  phone_number: string;
  password_hash: string;
  role: 'user' | 'admin';
  dob: string | null;
  profile_pic: string | null;
  state: string;
  city: string;
  bank_name: string;
  account_number: string;
  routing_number: string;
  bitcoin: string;
  ethereum: string;
  sol: string;
  usdt: string;
  closed_at: Date | null;
  token_version: number;
  created_at: Date;
  /** Shown at the top of every mail to this user (docs/security.md "Alerts"); '' = none. */
  anti_phishing_phrase: string;
  /** Set by a "lock my account" link: sign-in and withdrawals are refused until the password is reset. */
  frozen_at: Date | null;
  /** Why the account is frozen (admins see it). */
  frozen_reason: string | null;
  /** Payout destination → ISO time it may first be used (services/payout-book.ts). */
  payout_usable_from: Record<string, string>;
  password_changed_at: Date | null;
  /** Set while TOTP two-factor is on (auth/two-factor.ts). */
  totp_secret: string | null;
  /** Wrong second-factor codes in a row, and until when the second factor is locked (services/second-factor.ts). */
  totp_failures: number;
  totp_locked_until: Date | null;
  /** Passkeys the account has (services/passkeys.ts). */
  passkey_count: number;
}

/** The columns of UserRow, named rather than `*` so a prepared statement's result shape is fixed. */
export const USER_COLUMNS = `id, name, username, email, phone_number, password_hash, role, dob, profile_pic, state, city,
  bank_name, account_number, routing_number, bitcoin, ethereum, sol, usdt, closed_at, token_version, created_at,
  anti_phishing_phrase, frozen_at, frozen_reason, payout_usable_from, password_changed_at, totp_secret, totp_failures, totp_locked_until, passkey_count`;

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  return (await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id])).rows[0];
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return (await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [email.toLowerCase()])).rows[0];
}

/**
 * Locks the user's row until the transaction ends: per-user limits (upload quota, open requests)
 * count then write under it, so concurrent requests of one user queue instead of all passing.
 * NO KEY UPDATE: it does not block rows that merely reference the user (foreign keys).
 */
export async function lockUserRow(q: Queryable, id: string): Promise<void> {
  await q.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [id]);
}
