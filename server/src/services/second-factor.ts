import type { Deps } from '../deps';
import { verifyPassword } from '../auth/passwords';
import { checkSecondFactor } from '../auth/two-factor';
import { verifyAssertion, type Binding, type ChallengePurpose, type PasskeyAnswer } from '../auth/webauthn';
import type { UserRow } from '../db/users';
import { AppError } from '../errors';
import { budgets, spend } from '../limits/budgets';
import { recordSecurityEvent } from './security-events';
import { sendSecurityAlert } from './alerts';
import { utc } from './when';

type FactorDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'limits' | 'log' | 'hashGate' | 'clock'>;

const TOTP_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
export const TOTP_INVALID_MESSAGE = 'That code is not valid. Use the current code, or one of your recovery codes.';

/** Which second factor a request presented: a TOTP code, a recovery code or a passkey. */
export type PresentedFactor = 'totp' | 'recovery' | 'passkey';

type Owner = Pick<UserRow, 'id' | 'email' | 'name' | 'totp_secret' | 'passkey_count'>;

/** What a request offers as its second factor: a code, or a passkey's answer to a challenge. */
export interface FactorProof {
  code?: string | undefined;
  passkey?: PasskeyAnswer | undefined;
}

/** Where the factor is asked: the challenge purpose a passkey must answer, its binding, and the refusal's status. */
export interface FactorUse {
  purpose: ChallengePurpose;
  binding?: Binding;
  /** 401 at login, 400 on the reset form, 403 otherwise. */
  status?: 400 | 401 | 403;
}

const lockedError = (status: number, until: Date) =>
  new AppError(status, 'TOTP_LOCKED', `Too many wrong codes: two-factor authentication on this account is locked until ${utc(until)}. We have emailed the account's owner.`);

/**
 * Counts a wrong code. The one that reaches `maxFailures` in a row locks the second factor for
 * `lockMinutes` (the count starts again after it) and mails the owner, once per lock.
 */
async function countFailure(deps: FactorDeps, user: Owner): Promise<Date | null> {
  const { maxFailures, lockMinutes } = deps.config.secondFactorLock;
  const { rows } = await deps.db.query<{ locked_until: Date | null }>(
    `UPDATE users SET totp_failures = CASE WHEN totp_failures + 1 >= $2 THEN 0 ELSE totp_failures + 1 END,
                      totp_locked_until = CASE WHEN totp_failures + 1 >= $2 THEN now() + make_interval(mins => $3) ELSE totp_locked_until END
      WHERE id = $1 AND (totp_locked_until IS NULL OR totp_locked_until <= now())
      RETURNING CASE WHEN totp_locked_until > now() THEN totp_locked_until END AS locked_until`,
    [user.id, maxFailures, lockMinutes],
  );
  const until = rows[0]?.locked_until ?? null;
  if (until) {
    await deps.db.tx(async (q) => {
      await recordSecurityEvent(q, { uid: user.id, actor: 'system', kind: '2fa-locked', detail: { until: until.toISOString(), failures: maxFailures } });
      await sendSecurityAlert(deps, user, '2fa-locked', `${maxFailures} wrong codes in a row. Two-factor authentication is locked until ${utc(until)}, so nobody can sign in or confirm anything with a code until then.`, q);
    });
  }
  return until;
}

/**
 * The second factor a sensitive action needs when the account has one (login, a withdrawal, a
 * payout change, a password reset, turning two-factor off): with TOTP on, a code; with passkeys,
 * a passkey's answer to a challenge of `use.purpose` bound to `use.binding` (either one when the
 * account has both). Every code spends the account's two-factor budget; `maxFailures` wrong codes
 * in a row lock codes for a while (TOTP_MAX_FAILURES, TOTP_LOCK_MINUTES). Returns the factor
 * presented, null when the account has none.
 */
export async function requireSecondFactor(deps: FactorDeps, user: Owner, proof: FactorProof, use: FactorUse): Promise<PresentedFactor | null> {
  const status = use.status ?? 403;
  const secret = user.totp_secret;
  if (!secret && user.passkey_count < 1) return null;
  if (proof.passkey && user.passkey_count > 0) {
    await verifyAssertion(deps, proof.passkey, { purpose: use.purpose, uid: user.id, binding: use.binding ?? {}, status });
    return 'passkey';
  }
  if (!secret) throw new AppError(status, 'PASSKEY_REQUIRED', 'Confirm with your passkey.');
  const code = proof.code;
  if (!code?.trim()) throw new AppError(status, 'TOTP_REQUIRED', TOTP_REQUIRED_MESSAGE);
  await spend(deps, [[budgets.secondFactor, user.id]]);
  // Read now, not from the request's user row: a lock set by a concurrent wrong code holds at once.
  const locked = await deps.db.query<{ until: Date }>('SELECT totp_locked_until AS until FROM users WHERE id = $1 AND totp_locked_until > now()', [user.id]);
  if (locked.rows[0]) throw lockedError(status, locked.rows[0].until);
  const result = await checkSecondFactor(deps.db, { id: user.id, totp_secret: secret }, code);
  if (result === 'totp' || result === 'recovery') {
    await deps.db.query('UPDATE users SET totp_failures = 0 WHERE id = $1 AND totp_failures <> 0', [user.id]);
    return result;
  }
  const until = await countFailure(deps, user);
  if (until) throw lockedError(status, until);
  throw new AppError(status, 'TOTP_INVALID', TOTP_INVALID_MESSAGE);
}

/**
 * Who is asking, confirmed again for a security change (two-factor on or off, the anti-phishing
 * phrase, adding or removing a passkey): the account's password, or one of its passkeys (a
 * 'security' challenge). A stolen session alone cannot make one. A password spends the account's
 * budget. `field` names the password in the refusal (changing the password: `currentPassword`).
 * Returns how it was confirmed.
 */
export async function requireIdentity(
  deps: FactorDeps,
  user: Pick<UserRow, 'id' | 'password_hash' | 'passkey_count'>,
  given: { password?: string | undefined; passkey?: PasskeyAnswer | undefined },
  missing = 'password: is required',
  field = 'password',
): Promise<'password' | 'passkey'> {
  if (given.passkey && user.passkey_count > 0) {
    await verifyAssertion(deps, given.passkey, { purpose: 'security', uid: user.id });
    return 'passkey';
  }
  if (!given.password) throw new AppError(400, 'VALIDATION', missing);
  await spend(deps, [[budgets.confirmPassword, user.id]]);
  const ok = await deps.hashGate.run(() => verifyPassword(given.password ?? '', user.password_hash));
  if (!ok) throw new AppError(403, 'PASSWORD_INVALID', `${field}: is not the password of this account`);
  return 'password';
}
