import type { AdminRecord, UserProfile } from '@halcyon/api-client/contract';
import type { Queryable } from '../../db/types';
import { userFiguresMany } from '../../ledger/figures';

export interface UserRow {
  id: string;
  name: string;
  username: string;
  email: string;
  phone_number: string;
  password_hash: string;
  role: 'user' | 'admin';
  dob: string | null;
  profile_pic: string | null;
  state: string;
  city: string;
  bank_name: string;
  account_number: string;
  routing_number: string;
  bitcoin: string;
  ethereum: string;
  sol: string;
  usdt: string;
  closed_at: Date | null;
  token_version: number;
  created_at: Date;
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  return (await q.query<UserRow>('SELECT * FROM users WHERE id = $1', [id])).rows[0];
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return (await q.query<UserRow>('SELECT * FROM users WHERE email = $1', [email.toLowerCase()])).rows[0];
}

export function adminRecord(row: UserRow): AdminRecord {
  return { id: row.id, uid: row.id, role: 'admin', name: row.name, email: row.email, createdAt: row.created_at.toISOString() };
}

/** Profiles of investors, money figures from the ledger, copied traders from the join table; in the rows' order. */
export async function userProfiles(q: Queryable, rows: readonly UserRow[]): Promise<UserProfile[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const figures = await userFiguresMany(q, ids);
  const copies = await q.query<{ user_id: string; trader_id: string }>(
    'SELECT user_id, trader_id FROM user_copy_traders WHERE user_id = ANY($1::text[]) ORDER BY created_at, trader_id',
    [ids],
  );
  const copyMap = new Map<string, string[]>();
  for (const c of copies.rows) copyMap.set(c.user_id, [...(copyMap.get(c.user_id) ?? []), c.trader_id]);
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
      earnings: f?.earnings ?? 0,
      balance: f?.balance ?? 0,
      totalWithdrawals: f?.totalWithdrawals ?? 0,
      totalDeposits: f?.totalDeposits ?? 0,
      btcBal: f?.btcBal ?? 0,
      usdtBal: f?.usdtBal ?? 0,
      ethBal: f?.ethBal ?? 0,
      solBal: f?.solBal ?? 0,
      copyTraders: copyMap.get(row.id) ?? [],
      createdAt: row.created_at.toISOString(),
    };
  });
}

export async function userProfile(q: Queryable, row: UserRow): Promise<UserProfile> {
  const [profile] = await userProfiles(q, [row]);
  if (!profile) throw new Error('profile mapping lost a row');
  return profile;
}
