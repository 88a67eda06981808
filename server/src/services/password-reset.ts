import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords';
import { AppError } from '../errors';
import { findUserByEmail, type UserRow } from '../db/users';
import { MAIL_NAME_MAX, mailLine } from '../mail/mail-line';
import { budgets, spend } from '../limits/budgets';
import { sendSecurityAlert } from './alerts';
import { requireSecondFactor } from './second-factor';

const RESET_TTL_MS = 60 * 60 * 1000;
export const RESET_SENT_MESSAGE = 'If an account exists for that email, a password reset link has been sent.';

const invalidResetToken = () => new AppError(400, 'INVALID_RESET_TOKEN', 'This reset link is invalid or has expired');

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** Where emailed links point: PUBLIC_URL, else this server on localhost (never the request's Host header). */
export function publicOrigin(app: FastifyInstance): string {
  return app.config.publicUrl ?? `http://localhost:${app.config.port}`;
}

/**
 * forgot_password, and reset_password with only an email: one budget per target address however
 * it is asked for, plus the caller's IP. The lookup and the mail happen after the answer, so a
 * known and an unknown email cost the caller the same time and get the same answer.
 */
export async function requestResetLink(app: FastifyInstance, email: string, ip: string): Promise<void> {
  await spend(app, [
    [budgets.resetMail, email],
    [budgets.resetIp, ip],
  ]);
  app.background.start('reset-mail', async () => {
    const user = await findUserByEmail(app.db, email);
    if (user && !user.closed_at) await sendResetLink(app, user);
  });
}

/**
 * A single-use link valid for one hour, stored only as a SHA-256 hash, sent through the mailer.
 * Earlier unused links of the same account stop working.
 */
export async function sendResetLink(app: FastifyInstance, user: Pick<UserRow, 'id' | 'email' | 'name'>): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await app.db.tx(async (q) => {
    await q.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [user.id]);
    await q.query('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [sha256(token), user.id, new Date(Date.now() + RESET_TTL_MS)]);
  });
  const link = `${publicOrigin(app)}/auth/reset_password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  await app.mailer.send({
    to: user.email,
    subject: `${app.config.brand}: reset your password`,
    text: `Hello ${mailLine(user.name, MAIL_NAME_MAX)},\n\nSomeone asked to reset the password of your ${app.config.brand} account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.\n`,
  });
}

/**
 * Consumes the token (once, atomically), sets the password and revokes every existing session.
 * A token that is not valid now is refused before the (costly) hash of the new password.
 */
export async function resetPassword(app: FastifyInstance, email: string, token: string, password: string, code?: string): Promise<void> {
  const valid = await app.db.query<{ id: string; totp_secret: string | null }>(
    `SELECT u.id, u.totp_secret FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now() AND u.email = $2 AND u.closed_at IS NULL`,
    [sha256(token), email],
  );
  const owner = valid.rows[0];
  if (!owner) throw invalidResetToken();
  // With two-factor on, the mailbox alone does not reset the password (400: the link stays valid).
  await requireSecondFactor(app, owner, code, 400);
  const hash = await app.hashGate.run(() => hashPassword(password, app.config.scryptCost));
  const done = await app.db.tx(async (q) => {
    const used = await q.query<{ user_id: string }>(
      `UPDATE password_reset_tokens t SET used_at = now()
       FROM users u
       WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()
         AND u.id = t.user_id AND u.email = $2 AND u.closed_at IS NULL
       RETURNING t.user_id`,
      [sha256(token), email],
    );
    const uid = used.rows[0]?.user_id;
    if (!uid) return false;
    // A new password also lifts a lock link's freeze on withdrawals (services/alerts.ts).
    // password_changed_at pauses withdrawals for a while (services/payout-book.ts).
    await q.query('UPDATE users SET password_hash = $2, token_version = token_version + 1, withdrawals_frozen_at = NULL, password_changed_at = now() WHERE id = $1', [uid, hash]);
    return true;
  });
  if (!done) throw invalidResetToken();
  const user = await findUserByEmail(app.db, email);
  if (user) await sendSecurityAlert(app, user, 'password-changed', `At ${new Date().toISOString()} (UTC). Every session of the account was ended.`);
}
