import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Deps } from '../deps';
import { hashPassword } from '../auth/passwords';
import { AppError } from '../errors';
import { findUserByEmail, type UserRow } from '../db/users';
import { MAIL_NAME_MAX, mailLine } from '../mail/mail-line';
import { budgets, spend } from '../limits/budgets';
import { sendSecurityAlert } from './alerts';
import { publicOrigin } from './public-origin';
import { requireSecondFactor, type FactorProof } from './second-factor';

type ResetDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'limits' | 'log' | 'background' | 'hashGate' | 'clock'>;

const RESET_TTL_MS = 60 * 60 * 1000;
export const RESET_SENT_MESSAGE = 'If an account exists for that email, a password reset link has been sent.';

const invalidResetToken = () => new AppError(400, 'INVALID_RESET_TOKEN', 'This reset link is invalid or has expired');

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/**
 * forgot_password, and reset_password with only an email: one budget per target address however
 * it is asked for, plus the caller's IP; then the same answer for every email, and the same work
 * after it (issue 30 item 4; docs/security.md "Same work and same answer").
 *
 * The work starts only once the answer has been handed to the network (`answer` is the route's
 * `reply.raw`): on the embedded database it runs on the server's own event loop, so started any
 * earlier it could hold up the answer's last bytes. It cannot be skipped for an unknown email
 * either: a known email's transaction and recorded mail would still slow the server's next
 * answers (a red team told known from unknown emails 88 % of the time from one request). So an
 * unknown (or closed) account gets the known one's work, statement for statement: the same lookup,
 * then recordResetLink's transaction, with the same token statements and the same mail recorded
 * through the same outbox (its delivery job included), only inside a savepoint that is rolled back
 * instead of released. Both transactions write the same rows and commit; the decoy's rows are
 * never visible, to anyone, and its token expired before it was made.
 */
export async function requestResetLink(deps: ResetDeps, email: string, ip: string, answer: ServerResponse): Promise<void> {
  await spend(deps, [
    [budgets.resetMail, email],
    [budgets.resetIp, ip],
  ]);
  deps.background.start(
    'reset-mail',
    async () => {
      // Any account's id, for a decoy's rows (its token row needs an existing user); read for
      // every email, so the known ones do it too. LIMIT without ORDER BY: the first row found.
      const { rows } = await deps.db.query<{ id: string }>('SELECT id FROM users LIMIT 1');
      const user = await findUserByEmail(deps.db, email);
      if (user && !user.closed_at) return recordResetLink(deps, user, true);
      // No account at all yet: no email is known either, so there is nothing to tell apart.
      const decoy = rows[0]?.id;
      if (decoy) await recordResetLink(deps, { id: decoy, email, name: email.split('@')[0] ?? '' }, false);
    },
    answer,
  );
}

/**
 * A single-use link valid for one hour, stored only as a SHA-256 hash, sent through the mailer.
 * Earlier unused links of the same account stop working.
 */
export async function sendResetLink(deps: ResetDeps, user: Pick<UserRow, 'id' | 'email' | 'name'>): Promise<void> {
  await recordResetLink(deps, user, true);
}

/**
 * The reset link's work in one transaction: earlier links of `user` used up, the new token stored,
 * the mail recorded (outbox row and delivery job). `keep` false: the same statements, rolled back
 * to a savepoint before the commit (a decoy, named after any account: the token row needs one).
 */
async function recordResetLink(deps: ResetDeps, user: Pick<UserRow, 'id' | 'email' | 'name'>, keep: boolean): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  // A decoy's token has expired already: even kept by mistake, it could not reset anything.
  const expires = new Date(keep ? deps.clock.now().getTime() + RESET_TTL_MS : 0);
  const link = `${publicOrigin(deps.config)}/auth/reset_password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  const mail = {
    to: user.email,
    subject: `${deps.config.brand}: reset your password`,
    text: `Hello ${mailLine(user.name, MAIL_NAME_MAX)},\n\nSomeone asked to reset the password of your ${deps.config.brand} account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.\n`,
    ...(keep ? {} : { decoy: true as const }),
  };
  await deps.db.tx(async (q) => {
    await q.query('SAVEPOINT reset_link');
    await q.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [user.id]);
    await q.query('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [sha256(token), user.id, expires]);
    await deps.mailer.send(mail, q);
    await q.query(keep ? 'RELEASE SAVEPOINT reset_link' : 'ROLLBACK TO SAVEPOINT reset_link');
  });
}


/** The open account whose reset link (email and token) is valid now, or null. */
export async function resetLinkOwner(deps: ResetDeps, email: string, token: string): Promise<{ id: string } | null> {
  const { rows } = await deps.db.query<{ id: string }>(
    `SELECT u.id FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now() AND u.email = $2 AND u.closed_at IS NULL`,
    [sha256(token), email],
  );
  return rows[0] ?? null;
}

/**
 * Consumes the token (once, atomically), sets the password and revokes every existing session.
 * A token that is not valid now is refused before the (costly) hash of the new password.
 */
export async function resetPassword(deps: ResetDeps, email: string, token: string, password: string, proof: FactorProof, ip: string): Promise<void> {
  await spend(deps, [[budgets.resetIp, ip]]);
  const valid = await deps.db.query<{ id: string; email: string; name: string; totp_secret: string | null; passkey_count: number }>(
    `SELECT u.id, u.email, u.name, u.totp_secret, u.passkey_count FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now() AND u.email = $2 AND u.closed_at IS NULL`,
    [sha256(token), email],
  );
  const owner = valid.rows[0];
  if (!owner) throw invalidResetToken();
  // With two-factor on, the mailbox alone does not reset the password (400: the link stays valid).
  await requireSecondFactor(deps, owner, proof, { purpose: 'reset', status: 400 });
  const hash = await deps.hashGate.run(() => hashPassword(password, deps.config.scryptCost));
  const done = await deps.db.tx(async (q) => {
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
    // A new password also lifts a lock link's freeze (services/account-lock.ts), and every lock
    // link sent before it dies: a thief who reset the password cannot lock its owner out again.
    // password_changed_at pauses withdrawals for a while (services/payout-book.ts).
    await q.query('UPDATE users SET password_hash = $2, token_version = token_version + 1, frozen_at = NULL, frozen_reason = NULL, password_changed_at = now() WHERE id = $1', [uid, hash]);
    await q.query('UPDATE account_lock_links SET used_at = now() WHERE uid = $1 AND used_at IS NULL', [uid]);
    return true;
  });
  if (!done) throw invalidResetToken();
  const user = await findUserByEmail(deps.db, email);
  if (user) await sendSecurityAlert(deps, user, 'password-changed', `At ${deps.clock.now().toISOString()} (UTC). Every session of the account was ended.`);
}
