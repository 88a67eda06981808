import { randomBytes } from 'node:crypto';
import type { TwoFactorCodeBody, TwoFactorSetupBody } from '@halcyon/api-client/contract';
import type { Deps } from '../deps';
import { confirmEnrolment, disableSecondFactor, startEnrolment } from '../auth/two-factor';
import { markSessionFactor } from '../auth/sessions';
import { tokenHash } from '../auth/revocations';
import { findUserById, type UserRow } from '../db/users';
import { AppError, badRequest, conflict, forbidden, notFound } from '../errors';
import { budgets, spend } from '../limits/budgets';
import { MAIL_NAME_MAX, mailLine } from '../mail/mail-line';
import { sendSecurityAlert } from './alerts';
import { publicOrigin } from './public-origin';
import { recordSecurityEvent } from './security-events';
import { TOTP_INVALID_MESSAGE, requireIdentity, requireSecondFactor } from './second-factor';

// Two-factor for investors and admins alike (docs/security.md "Two-factor"). Every change needs
// the password in the same request, so a stolen session cannot turn it on with the thief's
// authenticator or off; turning it on or off is mailed and pauses withdrawals like a password change.

type FactorDeps = Parameters<typeof requireSecondFactor>[0];
type ResetDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'clock' | 'limits' | 'log'>;

const alreadyOn = () => conflict('Two-factor authentication is already on.', 'TOTP_ALREADY_ON');

/** Enrolment's first step: a new secret for the authenticator app, not active until a code confirms it. */
export async function startTwoFactor(deps: FactorDeps, user: UserRow, identity: TwoFactorSetupBody): Promise<{ secret: string; otpauthUrl: string }> {
  if (user.totp_secret) throw alreadyOn();
  await requireIdentity(deps, user, identity);
  return startEnrolment(deps.db, user.id, deps.config.brand, user.email);
}

/**
 * Turns two-factor on with the first code of the enrolment; returns the recovery codes. The session
 * that did it (`sessionId`) counts as signed in with both factors.
 */
export async function enableTwoFactor(deps: FactorDeps, user: UserRow, sessionId: string | undefined, body: TwoFactorCodeBody): Promise<string[]> {
  if (user.totp_secret) throw alreadyOn();
  if (!body.code?.trim()) throw badRequest('code: is required');
  await requireIdentity(deps, user, body);
  await spend(deps, [[budgets.secondFactor, user.id]]);
  const firstCode = body.code;
  const recoveryCodes = await deps.db.tx(async (q) => {
    const codes = await confirmEnrolment(q, user.id, firstCode);
    if (!codes) return null;
    await q.query('UPDATE users SET password_changed_at = now() WHERE id = $1', [user.id]);
    // This session has just presented the password and a first code: it counts as signed in with both.
    if (sessionId) await markSessionFactor(q, sessionId, 'enrolment');
    await sendSecurityAlert(deps, user, '2fa-on', `At ${deps.clock.now().toISOString()} (UTC).`, q);
    return codes;
  });
  if (!recoveryCodes) throw new AppError(400, 'TOTP_INVALID', TOTP_INVALID_MESSAGE);
  return recoveryCodes;
}

/** Turns two-factor off: a passkey (the device and its unlock), or the password and a code. */
export async function disableTwoFactor(deps: FactorDeps, user: UserRow, body: TwoFactorCodeBody): Promise<void> {
  if (!user.totp_secret) throw conflict('Two-factor authentication is already off.', 'TOTP_ALREADY_OFF');
  const how = await requireIdentity(deps, user, body);
  if (how === 'password') await requireSecondFactor(deps, user, { code: body.code }, { purpose: 'security' });
  await deps.db.tx(async (q) => {
    await disableSecondFactor(q, user.id);
    await q.query('UPDATE users SET password_changed_at = now() WHERE id = $1', [user.id]);
    await sendSecurityAlert(deps, user, '2fa-off', `At ${deps.clock.now().toISOString()} (UTC).`, q);
  });
}

// An admin's two-factor reset, for someone who lost their authenticator and recovery codes
// (docs/security.md "Two-factor"). The admin asks, with a reason kept in the audit trail; the
// account's owner confirms from a mailed single-use link (24 hours). Neither alone turns it off:
// not an admin (or a stolen admin session), nor a mailbox.

const RESET_TTL_MS = 24 * 3600 * 1000;
const invalidLink = () => new AppError(400, 'INVALID_2FA_RESET_LINK', 'This two-factor reset link is invalid, expired or already used');

/** Mails the account `uid` the link that confirms the reset; an earlier unused link of theirs stops working. Returns where it went. */
export async function requestTwoFactorReset(deps: ResetDeps, adminUid: string, uid: string, reason: string): Promise<string> {
  const user = await findUserById(deps.db, uid);
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  if (user.id === adminUid) throw forbidden('Another admin must reset your own two-factor authentication.', 'SELF_2FA_RESET');
  if (user.closed_at) throw conflict('This account is closed', 'ACCOUNT_CLOSED');
  if (!user.totp_secret) throw conflict('Two-factor authentication is already off for this account.', 'TOTP_ALREADY_OFF');
  const token = randomBytes(32).toString('base64url');
  const link = `${publicOrigin(deps.config)}/auth/2fa-reset?token=${encodeURIComponent(token)}`;
  await deps.db.tx(async (q) => {
    await q.query('UPDATE two_factor_resets SET used_at = now() WHERE uid = $1 AND used_at IS NULL', [user.id]);
    await q.query('INSERT INTO two_factor_resets (token_hash, uid, requested_by, reason, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      tokenHash(token), user.id, adminUid, reason, new Date(deps.clock.now().getTime() + RESET_TTL_MS),
    ]);
    await recordSecurityEvent(q, { uid: user.id, actor: adminUid, kind: '2fa-reset-requested', detail: { reason } });
    await deps.mailer.send(
      {
        to: user.email,
        subject: `${deps.config.brand}: confirm turning off two-factor authentication`,
        text:
          `Hello ${mailLine(user.name, MAIL_NAME_MAX)},\n\nOur support team was asked to turn off two-factor authentication on your account, because its authenticator was lost. ` +
          `If you asked for this, confirm it with this link within 24 hours; you can then sign in with your password alone and turn two-factor on again with a new phone:\n\n${link}\n\n` +
          'If you did not ask for this, do not open the link: your two-factor authentication stays on. Tell us, and change your password.\n',
      },
      q,
    );
  });
  return user.email;
}

/** Uses a confirmation link: once, within 24 hours; two-factor off, the owner alerted, recorded. */
export async function confirmTwoFactorReset(deps: ResetDeps, token: string, ip: string): Promise<void> {
  await spend(deps, [[budgets.resetIp, ip]]);
  const user = await deps.db.tx(async (q) => {
    const used = await q.query<{ uid: string; requested_by: string }>(
      'UPDATE two_factor_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING uid, requested_by',
      [tokenHash(token)],
    );
    const reset = used.rows[0];
    if (!reset) return null;
    const owner = await q.query<Pick<UserRow, 'id' | 'email' | 'name'>>('SELECT id, email, name FROM users WHERE id = $1 AND closed_at IS NULL', [reset.uid]);
    const row = owner.rows[0];
    if (!row) return null;
    await disableSecondFactor(q, row.id);
    // Like turning it off from Security: withdrawals pause a while (services/payout-book.ts).
    await q.query('UPDATE users SET password_changed_at = now() WHERE id = $1', [row.id]);
    await recordSecurityEvent(q, { uid: row.id, actor: row.id, kind: '2fa-reset-confirmed', detail: { requestedBy: reset.requested_by } });
    await sendSecurityAlert(deps, row, '2fa-off', `At ${deps.clock.now().toISOString()} (UTC), confirmed from the link of a support request.`, q);
    return row;
  });
  if (!user) throw invalidLink();
}
