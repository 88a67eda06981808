import type { Deps } from '../deps';
import type { WithdrawMethod } from '@halcyon/api-client/contract';
import type { Queryable } from '../db/types';
import type { UserRow } from '../db/users';
import { AppError } from '../errors';
import { sendSecurityAlert } from './alerts';
import { utc } from './when';

// The payout book (docs/security.md "Payout addresses"): the Settings wallet addresses and bank
// fields are where withdrawals go; a destination saved after the account's first approved deposit
// can be used only after a cooldown, and withdrawals pause after a password change.

export type PayoutKey = 'bitcoin' | 'ethereum' | 'sol' | 'usdt' | 'bank';

const PAYOUT_KEY: Readonly<Record<WithdrawMethod, PayoutKey>> = { bitcoin: 'bitcoin', ethereum: 'ethereum', solana: 'sol', usdt: 'usdt', bank: 'bank' };

/** The users columns that say where withdrawals go: the destination each belongs to, and its name in mails. */
export const PAYOUT_COLUMNS = {
  bitcoin: { key: 'bitcoin', name: 'Bitcoin address' },
  ethereum: { key: 'ethereum', name: 'Ethereum address' },
  sol: { key: 'sol', name: 'Solana address' },
  usdt: { key: 'usdt', name: 'USDT address' },
  bank_name: { key: 'bank', name: 'bank name' },
  account_number: { key: 'bank', name: 'account number' },
  routing_number: { key: 'bank', name: 'routing number' },
} as const satisfies Record<string, { key: PayoutKey; name: string }>;
export type PayoutColumn = keyof typeof PAYOUT_COLUMNS;

const LABELS: Record<PayoutKey, string> = { bitcoin: 'Bitcoin address', ethereum: 'Ethereum address', sol: 'Solana address', usdt: 'USDT address', bank: 'bank details' };

/**
 * When destinations saved now may be used: at once while the account never had a deposit approved
 * or pending (nothing to steal yet), otherwise after the cooldown. Records it for `keys`; returns it and the
 * account's whole map after the change.
 */
export async function markPayoutSaved(q: Queryable, uid: string, keys: readonly PayoutKey[], { cooldownHours, now }: { cooldownHours: number; now: Date }): Promise<{ from: Date; usableFrom: Record<string, string> }> {
  // A deposit still pending counts: approved a minute after the change, it would fund a withdrawal to a destination that never waited.
  const { rows } = await q.query<{ funded: boolean }>("SELECT EXISTS (SELECT 1 FROM deposits WHERE uid = $1 AND status IN ('approved', 'pending')) AS funded", [uid]);
  const from = new Date(now.getTime() + (rows[0]?.funded ? cooldownHours * 3600_000 : 0));
  const patch = Object.fromEntries(keys.map((k) => [k, from.toISOString()]));
  const updated = await q.query<{ usable_from: Record<string, string> }>(
    'UPDATE users SET payout_usable_from = payout_usable_from || $2::jsonb WHERE id = $1 RETURNING payout_usable_from AS usable_from',
    [uid, JSON.stringify(patch)],
  );
  return { from, usableFrom: updated.rows[0]?.usable_from ?? patch };
}

/** The destinations still cooling down, with when each may be used (the profile shows them). */
export function coolingDown(user: Pick<UserRow, 'payout_usable_from'>, now: Date): Record<string, string> {
  return Object.fromEntries(Object.entries(user.payout_usable_from ?? {}).filter(([, at]) => Date.parse(at) > now.getTime()));
}

const cooldownError = (key: PayoutKey, from: Date) =>
  new AppError(403, 'PAYOUT_COOLDOWN', `Your ${LABELS[key]} ${key === 'bank' ? 'were' : 'was'} saved recently. For your safety ${key === 'bank' ? 'they' : 'it'} can be used from ${utc(from)}.`);

/**
 * Where a withdrawal of `method` naming `typed` would pay, as one string: the address (typed, else
 * the saved one), or the saved bank details. A passkey step-up for a withdrawal is bound to it.
 */
export function withdrawalDestination(user: UserRow, method: WithdrawMethod, typed: string): string {
  const key = PAYOUT_KEY[method];
  if (key === 'bank') return `bank:${user.bank_name.trim()}|${user.account_number.trim()}|${user.routing_number.trim()}`;
  return typed.trim() || (user[key] ?? '').trim();
}

/** Whether a withdrawal naming `typed` saves it as the method's new payout address (payoutDestination writes then). */
export function savesNewAddress(user: UserRow, method: WithdrawMethod, typed: string): boolean {
  const key = PAYOUT_KEY[method];
  return Boolean(typed) && key !== 'bank' && typed !== (user[key] ?? '').trim();
}

/**
 * Where this withdrawal pays, or why not now. An address typed in the body that is not the saved
 * one becomes the saved one (kept even though this request may be refused, and mailed to the
 * owner); the destination must be past its cooldown, and the password must not have changed lately.
 */
export async function payoutDestination(deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'clock'>, user: UserRow, method: WithdrawMethod, typed: string): Promise<string> {
  const { cooldownHours, passwordPauseHours } = deps.config.payoutSafety;
  const now = deps.clock.now();
  if (user.password_changed_at && passwordPauseHours > 0) {
    const until = new Date(user.password_changed_at.getTime() + passwordPauseHours * 3600_000);
    if (until > now) {
      throw new AppError(403, 'PASSWORD_RECENTLY_CHANGED', `Withdrawals are paused for ${passwordPauseHours} hours after a password or two-factor change, until ${utc(until)}.`);
    }
  }
  const key = PAYOUT_KEY[method];
  const saved = key === 'bank' ? '' : (user[key] ?? '').trim();
  if (savesNewAddress(user, method, typed)) {
    const from = await deps.db.tx(async (q) => {
      await q.query(`UPDATE users SET ${key} = $2 WHERE id = $1`, [user.id, typed]);
      const { from: at } = await markPayoutSaved(q, user.id, [key], { cooldownHours, now });
      await sendSecurityAlert(deps, user, 'payout-changed', `Changed: ${LABELS[key]}, by a withdrawal request naming a new address.`, q);
      return at;
    });
    if (from > now) throw cooldownError(key, from);
    return typed;
  }
  const from = user.payout_usable_from?.[key];
  if (from && Date.parse(from) > now.getTime()) throw cooldownError(key, new Date(from));
  return typed || saved;
}
