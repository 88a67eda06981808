import type { Deps } from '../deps';
import { tokenHash } from '../auth/revocations';
import type { UserRow } from '../db/users';
import { AppError } from '../errors';
import type { Asset } from '@halcyon/api-client/contract';
import type { Queryable } from '../db/types';
import { available, held } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';
import { recordSecurityEvent } from './security-events';

type LockDeps = Pick<Deps, 'db' | 'log'>;

// "Lock my account", the link of every security alert (docs/security.md "Alerts"): the account
// freezes until its owner resets the password by mail.

export const LOCKED_MESSAGE =
  'Your account is locked. Every session has ended, withdrawals requested since the alert are cancelled, and nobody can sign in or withdraw until you reset your password.';
const FROZEN_REASON = 'Locked by its owner from a security alert';

const invalidLockLink = () => new AppError(400, 'INVALID_LOCK_LINK', 'This lock link is invalid, expired or already used');

/**
 * Uses a lock link: once, within 7 days, and only if no password reset came after it was sent.
 * Ends every session (token_version and the sessions table), freezes the account (sign-in and
 * withdrawals refused until a password reset, password-reset.ts) and cancels the open
 * withdrawals requested since the alert was sent, their funds back to the balance. Recorded.
 */
export async function lockAccount(deps: LockDeps, token: string): Promise<void> {
  const locked = await deps.db.tx(async (q) => {
    const used = await q.query<{ uid: string; sent_at: Date }>(
      'UPDATE account_lock_links SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING uid, created_at AS sent_at',
      [tokenHash(token)],
    );
    const link = used.rows[0];
    if (!link) return false;
    const { uid, sent_at: sentAt } = link;
    await q.query('UPDATE users SET token_version = token_version + 1, frozen_at = now(), frozen_reason = $2 WHERE id = $1', [uid, FROZEN_REASON]);
    await q.query("UPDATE sessions SET ended_at = now(), ended_by = 'owner' WHERE uid = $1 AND ended_at IS NULL", [uid]);
    const cancelled = await cancelWithdrawalsSince(q, uid, sentAt);
    await recordSecurityEvent(q, { uid, actor: uid, kind: 'account-locked', detail: { alertSentAt: sentAt.toISOString(), cancelledWithdrawals: cancelled } });
    deps.log.warn({ uid, cancelled: cancelled.length }, 'account locked from an alert link');
    return true;
  });
  if (!locked) throw invalidLockLink();
}

/** A lock link froze the account: no withdrawal until the password is reset. */
export const withdrawalsFrozen = () => new AppError(403, 'WITHDRAWALS_FROZEN', 'Withdrawals are frozen on this account until the password is reset.');

/**
 * The owner's lock link cancels the open withdrawals requested since its alert was sent: declined,
 * by the owner, held → available. Returns their ids. Runs after the lock froze the user's row.
 */
async function cancelWithdrawalsSince(q: Queryable, uid: string, since: Date): Promise<string[]> {
  const { rows } = await q.query<{ id: string; asset: Asset; amount_cents: string }>(
    `WITH w AS (UPDATE withdrawals SET status = 'declined', decided_at = now(), decided_by = $1
                WHERE uid = $1 AND status IN ('pending', 'processing') AND created_at >= $2 RETURNING id, asset, amount_cents),
     closed AS (UPDATE open_withdrawals o SET n = o.n - (SELECT count(*) FROM w) WHERE o.uid = $1)
     SELECT id, asset, amount_cents::text FROM w ORDER BY id`,
    [uid, since],
  );
  for (const w of rows) {
    await transfer(q, {
      debit: held(uid, w.asset), credit: available(uid, w.asset), amountCents: Number(w.amount_cents),
      kind: 'withdrawal_release', actor: uid, reason: 'Withdrawal cancelled: the owner locked the account', ref: { type: 'withdrawal', id: w.id },
    });
  }
  return rows.map((w) => w.id);
}

/** 403 while a lock link's freeze holds (until the password is reset). */
export function assertWithdrawalsOpen(user: Pick<UserRow, 'frozen_at'>): void {
  if (user.frozen_at) throw withdrawalsFrozen();
}

/** Sign-in refused while frozen (asked after the password matched: only its holder learns it). */
export function assertNotFrozen(user: Pick<UserRow, 'frozen_at'>): void {
  if (user.frozen_at) throw new AppError(403, 'ACCOUNT_FROZEN', 'This account is locked. Reset your password by email to unlock it.');
}
