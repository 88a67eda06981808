import type { ChangePasswordBody } from '@halcyon/api-client/contract';
import type { Deps } from '../deps';
import { hashPassword } from '../auth/passwords';
import { describeDevice, endOtherSessions } from '../auth/sessions';
import type { UserRow } from '../db/users';
import { AppError } from '../errors';
import { sendSecurityAlert } from './alerts';
import { requireIdentity, requireSecondFactor } from './second-factor';
import { recordSecurityEvent } from './security-events';

// Changing the password from a signed-in session (the Security screen; docs/security.md "Changing
// the password"). What a reset by mail does for a lost password, done with the current one: the
// password proves the person, the second factor (when on) the device, and everyone else is out.

type ChangeDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'limits' | 'log' | 'hashGate' | 'clock'>;

/** Who asks: the caller's row, the session that stays signed in, and where the request came from (for the alert). */
export interface PasswordChanger {
  user: UserRow;
  sessionId: string | undefined;
  ip: string;
  userAgent: string;
}

/**
 * Sets a new password: the current one must match (spending the account's budget for a password
 * re-typed, RATE_LIMIT_2FA; 403 `currentPassword: is not the password of this account`), then the
 * second factor when the account has one (a code, or a passkey's 'security' step-up). The new
 * password has passed the rule of every password being set (the contract) and differs from the
 * current one. In one transaction: the hash replaced (only if still the one checked: of two
 * changes at once, one wins), withdrawals paused as after any password change, every other
 * session of the account ended, the change recorded and the owner alerted by mail with a lock
 * link. The session that asked stays signed in. Returns how many sessions ended.
 */
export async function changePassword(deps: ChangeDeps, who: PasswordChanger, body: ChangePasswordBody): Promise<number> {
  const { user } = who;
  await requireIdentity(deps, user, { password: body.currentPassword }, 'currentPassword: is required', 'currentPassword');
  const factor = await requireSecondFactor(deps, user, { code: body.code, passkey: body.passkey }, { purpose: 'security' });
  const hash = await deps.hashGate.run(() => hashPassword(body.newPassword, deps.config.scryptCost));
  const ended = await deps.db.tx(async (q) => {
    const changed = await q.query('UPDATE users SET password_hash = $3, password_changed_at = now() WHERE id = $1 AND password_hash = $2', [user.id, user.password_hash, hash]);
    if (changed.rowCount === 0) return null;
    const n = await endOtherSessions(q, user.id, who.sessionId);
    await recordSecurityEvent(q, { uid: user.id, actor: user.id, kind: 'password-changed', detail: { endedSessions: n, secondFactor: factor } });
    const from = `${describeDevice(who.userAgent)} (IP address ${who.ip})`;
    const others = n === 0 ? 'No other session was open.' : `Every other session of the account was signed out (${n}).`;
    await sendSecurityAlert(deps, user, 'password-changed', `At ${deps.clock.now().toISOString()} (UTC), from ${from}, with the current password. ${others}`, q);
    return n;
  });
  // Another change came first: the password checked above is no longer the account's.
  if (ended === null) throw new AppError(403, 'PASSWORD_INVALID', 'currentPassword: is not the password of this account');
  return ended;
}
