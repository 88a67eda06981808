import type { Deps } from '../deps';
import { coolingDown } from './payout-book';
import type { AdminRecord, UserProfile } from '@halcyon/api-client/contract';
import type { Queryable } from '../db/types';
import type { UserRow } from '../db/users';
import type { ProfileFiguresRow } from '../db/figures';
import { toFigures, toPortfolio } from '../ledger/figures';

// What the API shows of a users row: an investor's profile (login, register, profile, admin list) or an admin's record.

export function adminRecord(row: UserRow): AdminRecord {
  return { id: row.id, uid: row.id, role: 'admin', name: row.name, email: row.email, createdAt: row.created_at.toISOString() };
}

/**
 * Profiles of investors, money figures from the ledger, copied traders from the join table, in the
 * rows' order; the figures and traders of all of them in one round trip (user_figures). `now`
 * decides which payout destinations are still cooling down.
 */
export async function userProfiles(q: Queryable, rows: readonly UserRow[], now: Date, known?: ProfileFiguresRow): Promise<UserProfile[]> {
  if (!rows.length) return [];
  const figuresRows = known ? [known] : (await q.query<ProfileFiguresRow>('SELECT * FROM user_figures($1)', [rows.map((r) => r.id)])).rows;
  const figures = new Map(figuresRows.map((r) => [r.uid, toFigures(r)]));
  const portfolios = new Map(figuresRows.map((r) => [r.uid, toPortfolio(r)]));
  const copyMap = new Map(figuresRows.map((r) => [r.uid, r.copy_traders]));
  return rows.map((row) => {
    const f = figures.get(row.id);
    return {
      uid: row.id,
      id: row.id,
      role: 'user',
      name: row.name,
      username: row.username,
      email: row.email,
      phoneNumber: row.phone_number,
      dob: row.dob,
      profilePic: row.profile_pic,
      state: row.state,
      city: row.city,
      bankName: row.bank_name,
      accountNumber: row.account_number,
      routingNumber: row.routing_number,
      bitcoin: row.bitcoin,
      ethereum: row.ethereum,
      sol: row.sol,
      usdt: row.usdt,
      antiPhishingPhrase: row.anti_phishing_phrase,
      payoutUsableFrom: coolingDown(row, now),
      twoFactorEnabled: Boolean(row.totp_secret),
      passkeyCount: row.passkey_count,
      frozen: row.frozen_at ? { since: row.frozen_at.toISOString(), reason: row.frozen_reason ?? '' } : null,
      earnings: f?.earnings ?? 0,
      balance: f?.balance ?? 0,
      totalWithdrawals: f?.totalWithdrawals ?? 0,
      totalDeposits: f?.totalDeposits ?? 0,
      btcBal: f?.btcBal ?? 0,
      usdtBal: f?.usdtBal ?? 0,
      ethBal: f?.ethBal ?? 0,
      solBal: f?.solBal ?? 0,
      portfolio: portfolios.get(row.id) ?? { available: 0, held: 0, invested: 0, earnings: 0, total: 0 },
      copyTraders: copyMap.get(row.id) ?? [],
      createdAt: row.created_at.toISOString(),
    };
  });
}

/**
 * One investor's profile, to its owner: with how long a payout destination changed after funding
 * waits (the server's PAYOUT_COOLDOWN_HOURS, said by the Withdraw screen); `figures` when
 * authentication already read them (GET /user/profile).
 */
export async function userProfile(q: Queryable, row: UserRow, deps: Pick<Deps, 'config' | 'clock'>, figures?: ProfileFiguresRow): Promise<UserProfile> {
  const [profile] = await userProfiles(q, [row], deps.clock.now(), figures);
  if (!profile) throw new Error('profile mapping lost a row');
  return { ...profile, payoutCooldownHours: deps.config.payoutSafety.cooldownHours };
}
