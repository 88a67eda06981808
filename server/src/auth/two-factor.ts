import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import { tokenHash } from './revocations';

// TOTP (RFC 6238, 30-second steps, 6 digits) with one-time recovery codes (docs/security.md
// "Two-factor"). Each code is accepted once: the last accepted step is kept and must grow.

const RECOVERY_CODES = 10;
/** Loaded on first use: only accounts with two-factor need it (an eighth of the server's module load time). */
const otp = () => import('otplib');
/** Recovery codes are typed by people: case, spaces and dashes do not matter. */
const normal = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Which second factor a code was ('totp' or a spent recovery code), or why none passed. */
export type SecondFactorResult = 'totp' | 'recovery' | 'missing' | 'invalid';

/** Starts enrolment: a new secret, pending until a first code confirms it. */
export async function startEnrolment(q: Queryable, uid: string, issuer: string, account: string): Promise<{ secret: string; otpauthUrl: string }> {
  const { generateSecret, generateURI } = await otp();
  const secret = generateSecret();
  await q.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [uid, secret]);
  return { secret, otpauthUrl: generateURI({ issuer, label: account, secret }) };
}

/** The 30-second step a code belongs to (±1 step of clock drift), or null when it is not valid now. */
async function stepOf(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const { verifySync } = await otp();
  const r = verifySync({ secret, token: code, epochTolerance: 30 });
  return r.valid && 'timeStep' in r ? r.timeStep : null;
}

/**
 * Confirms enrolment with a first code of the pending secret: two-factor is on from then, and the
 * ten recovery codes are returned (once; only their hashes are kept). Null when the code is wrong.
 */
export async function confirmEnrolment(q: Queryable, uid: string, code: string): Promise<string[] | null> {
  const pending = (await q.query<{ s: string | null }>('SELECT totp_pending_secret AS s FROM users WHERE id = $1', [uid])).rows[0]?.s;
  const step = pending ? await stepOf(pending, code.trim()) : null;
  if (!pending || step === null) return null;
  await q.query('UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = $2 WHERE id = $1', [uid, step]);
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await q.query('DELETE FROM recovery_codes WHERE uid = $1', [uid]);
  await q.query('INSERT INTO recovery_codes (uid, code_hash) SELECT $1, unnest($2::text[])', [uid, codes.map((c) => tokenHash(normal(c)))]);
  return codes;
}

/** Checks a second factor of an account with two-factor on: a current TOTP code not used before, or an unused recovery code (then spent). */
export async function checkSecondFactor(q: Queryable, user: { id: string; totp_secret: string }, code: string | undefined): Promise<SecondFactorResult> {
  const given = code?.trim() ?? '';
  if (!given) return 'missing';
  const step = await stepOf(user.totp_secret, given);
  if (step !== null) {
    // Compare-and-set: two requests with one code cannot both pass.
    const r = await q.query('UPDATE users SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2', [user.id, step]);
    return r.rowCount > 0 ? 'totp' : 'invalid';
  }
  const used = await q.query('UPDATE recovery_codes SET used_at = now() WHERE uid = $1 AND code_hash = $2 AND used_at IS NULL', [user.id, tokenHash(normal(given))]);
  return used.rowCount > 0 ? 'recovery' : 'invalid';
}

/** Turns two-factor off: secret and recovery codes gone. */
export async function disableSecondFactor(q: Queryable, uid: string): Promise<void> {
  await q.query('UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = 0, totp_failures = 0, totp_locked_until = NULL WHERE id = $1', [uid]);
  await q.query('DELETE FROM recovery_codes WHERE uid = $1', [uid]);
}

/** Recovery codes not used yet (the Security screen says how many are left). */
export async function recoveryCodesLeft(q: Queryable, uid: string): Promise<number> {
  const { rows } = await q.query<{ n: string }>('SELECT count(*)::text AS n FROM recovery_codes WHERE uid = $1 AND used_at IS NULL', [uid]);
  return Number(rows[0]?.n ?? 0);
}
