import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { disableSecondFactor } from '../auth/two-factor';
import { tokenHash } from '../auth/revocations';
import type { UserRow } from '../db/users';
import { AppError, conflict, forbidden } from '../errors';
import { MAIL_NAME_MAX, mailLine } from '../mail/mail-line';
import { sendSecurityAlert } from './alerts';
import { publicOrigin } from './password-reset';
import { recordSecurityEvent } from './security-events';

// An admin's two-factor reset, for someone who lost their authenticator and recovery codes
// (docs/security.md "Two-factor"). The admin asks, with a reason kept in the audit trail; the
// account's owner confirms from a mailed single-use link (24 hours). Neither alone turns it off:
// not an admin (or a stolen admin session), nor a mailbox.

const RESET_TTL_MS = 24 * 3600 * 1000;
const invalidLink = () => new AppError(400, 'INVALID_2FA_RESET_LINK', 'This two-factor reset link is invalid, expired or already used');

/** Mails `user` the link that confirms the reset; an earlier unused link of theirs stops working. */
export async function requestTwoFactorReset(app: FastifyInstance, adminUid: string, user: UserRow, reason: string): Promise<void> {
  if (user.id === adminUid) throw forbidden('Another admin must reset your own two-factor authentication.', 'SELF_2FA_RESET');
  if (user.closed_at) throw conflict('This account is closed', 'ACCOUNT_CLOSED');
  if (!user.totp_secret) throw conflict('Two-factor authentication is already off for this account.', 'TOTP_ALREADY_OFF');
  const token = randomBytes(32).toString('base64url');
  const link = `${publicOrigin(app)}/auth/2fa-reset?token=${encodeURIComponent(token)}`;
  await app.db.tx(async (q) => {
    await q.query('UPDATE two_factor_resets SET used_at = now() WHERE uid = $1 AND used_at IS NULL', [user.id]);
    await q.query('INSERT INTO two_factor_resets (token_hash, uid, requested_by, reason, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      tokenHash(token), user.id, adminUid, reason, new Date(Date.now() + RESET_TTL_MS),
    ]);
    await recordSecurityEvent(q, { uid: user.id, actor: adminUid, kind: '2fa-reset-requested', detail: { reason } });
    await app.mailer.send(
      {
        to: user.email,
        subject: `${app.config.brand}: confirm turning off two-factor authentication`,
        text:
          `Hello ${mailLine(user.name, MAIL_NAME_MAX)},\n\nOur support team was asked to turn off two-factor authentication on your account, because its authenticator was lost. ` +
          `If you asked for this, confirm it with this link within 24 hours; you can then sign in with your password alone and turn two-factor on again with a new phone:\n\n${link}\n\n` +
          'If you did not ask for this, do not open the link: your two-factor authentication stays on. Tell us, and change your password.\n',
      },
      q,
    );
  });
}

/** Uses a confirmation link: once, within 24 hours; two-factor off, the owner alerted, recorded. */
export async function confirmTwoFactorReset(app: FastifyInstance, token: string): Promise<void> {
  const user = await app.db.tx(async (q) => {
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
    await sendSecurityAlert(app, row, '2fa-off', `At ${new Date().toISOString()} (UTC), confirmed from the link of a support request.`, q);
    return row;
  });
  if (!user) throw invalidLink();
}
