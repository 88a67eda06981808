import type { FastifyInstance } from 'fastify';
import { verifyPassword } from '../auth/passwords';
import { checkSecondFactor } from '../auth/two-factor';
import type { UserRow } from '../db/users';
import { AppError } from '../errors';
import { budgets, spend } from '../limits/budgets';
import { recordSecurityEvent } from './security-events';
import { sendSecurityAlert } from './alerts';
import { utc } from './when';

const TOTP_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
export const TOTP_INVALID_MESSAGE = 'That code is not valid. Use the current code, or one of your recovery codes.';

/** Which second factor a request presented: a TOTP code or a recovery code. */
export type PresentedFactor = 'totp' | 'recovery';

type Owner = Pick<UserRow, 'id' | 'email' | 'name' | 'totp_secret'>;

const lockedError = (status: number, until: Date) =>
  new AppError(status, 'TOTP_LOCKED', `Too many wrong codes: two-factor authentication on this account is locked until ${utc(until)}. We have emailed the account's owner.`);

/**
 * Counts a wrong code. The one that reaches `maxFailures` in a row locks the second factor for
 * `lockMinutes` (the count starts again after it) and mails the owner, once per lock.
 */
async function countFailure(app: FastifyInstance, user: Owner): Promise<Date | null> {
  const { maxFailures, lockMinutes } = app.config.secondFactorLock;
  const { rows } = await app.db.query<{ locked_until: Date | null }>(
    `UPDATE users SET totp_failures = CASE WHEN totp_failures + 1 >= $2 THEN 0 ELSE totp_failures + 1 END,
                      totp_locked_until = CASE WHEN totp_failures + 1 >= $2 THEN now() + make_interval(mins => $3) ELSE totp_locked_until END
      WHERE id = $1 AND (totp_locked_until IS NULL OR totp_locked_until <= now())
      RETURNING CASE WHEN totp_locked_until > now() THEN totp_locked_until END AS locked_until`,
    [user.id, maxFailures, lockMinutes],
  );
  const until = rows[0]?.locked_until ?? null;
  if (until) {
    await app.db.tx(async (q) => {
      await recordSecurityEvent(q, { uid: user.id, actor: 'system', kind: '2fa-locked', detail: { until: until.toISOString(), failures: maxFailures } });
      await sendSecurityAlert(app, user, '2fa-locked', `${maxFailures} wrong codes in a row. Two-factor authentication is locked until ${utc(until)}, so nobody can sign in or confirm anything with a code until then.`, q);
    });
  }
  return until;
}

/**
 * The second factor a sensitive action needs when the account has two-factor on (login, a
 * withdrawal, a payout change, a password reset, turning two-factor off). Every try spends the
 * account's two-factor budget; `maxFailures` wrong codes in a row lock it for a while
 * (TOTP_MAX_FAILURES, TOTP_LOCK_MINUTES). `status` 401 at login, 400 on the reset form, 403
 * otherwise. Returns the factor presented, null when the account has no two-factor.
 */
export async function requireSecondFactor(app: FastifyInstance, user: Owner, code: string | undefined, status: 400 | 401 | 403 = 403): Promise<PresentedFactor | null> {
  const secret = user.totp_secret;
  if (!secret) return null;
  if (!code?.trim()) throw new AppError(status, 'TOTP_REQUIRED', TOTP_REQUIRED_MESSAGE);
  await spend(app, [[budgets.secondFactor, user.id]]);
  // Read now, not from the request's user row: a lock set by a concurrent wrong code holds at once.
  const locked = await app.db.query<{ until: Date }>('SELECT totp_locked_until AS until FROM users WHERE id = $1 AND totp_locked_until > now()', [user.id]);
  if (locked.rows[0]) throw lockedError(status, locked.rows[0].until);
  const result = await checkSecondFactor(app.db, { id: user.id, totp_secret: secret }, code);
  if (result === 'totp' || result === 'recovery') {
    await app.db.query('UPDATE users SET totp_failures = 0 WHERE id = $1 AND totp_failures <> 0', [user.id]);
    return result;
  }
  const until = await countFailure(app, user);
  if (until) throw lockedError(status, until);
  throw new AppError(status, 'TOTP_INVALID', TOTP_INVALID_MESSAGE);
}

/**
 * The account's password, typed again to confirm a security change (two-factor on or off, the
 * anti-phishing phrase): a stolen session alone cannot make one. Spends the account's budget.
 */
export async function requirePassword(app: FastifyInstance, user: Pick<UserRow, 'id' | 'password_hash'>, password: string): Promise<void> {
  await spend(app, [[budgets.confirmPassword, user.id]]);
  const ok = await app.hashGate.run(() => verifyPassword(password, user.password_hash));
  if (!ok) throw new AppError(403, 'PASSWORD_INVALID', 'password: is not the password of this account');
}
