import type { AdminUserRow, ParsedQueryOf, UpdateProfileBody, UserProfile } from '@halcyon/api-client/contract';
import { Params, asc, dayRange, desc, likePattern, readPage, text, ts, type Cursors, type Paged } from '../db/keyset';
import { FEW_USERS, searchUsers, userSearchExpr } from '../db/user-search';
import type { Queryable } from '../db/types';
import type { Deps } from '../deps';
import { badRequest, conflict, notFound } from '../errors';
import { findUserById, USER_COLUMNS, type UserRow } from '../db/users';
import { sendSecurityAlert } from './alerts';
import { PAYOUT_COLUMNS, markPayoutSaved, type PayoutColumn } from './payout-book';
import { sendResetLink } from './password-reset';
import { requireIdentity, requireSecondFactor } from './second-factor';
import { userProfile, userProfiles } from './profile';
import { isOwnUpload } from './uploads';

const ORDERS = {
  newest: desc(ts('created_at'), text('id')),
  oldest: asc(ts('created_at'), text('id')),
  name: asc(text('lower(name)'), text('id')),
};

const TOO_MANY_TO_SORT = `q: matches more than ${FEW_USERS.toLocaleString('en-US')} investors, too many to sort by name; narrow the search or sort by date`;

/** Open investor accounts, a page at a time; `q` matches name, username, email (substring) or id. */
export async function listUsers(q: Queryable, cursors: Cursors, query: ParsedQueryOf<'listUsers'>, now: Date): Promise<Paged<AdminUserRow>> {
  const params = new Params();
  // A search finding few users reads them by id; one finding many filters the list in its order.
  const search = query.q ? await searchUsers(q, query.q) : null;
  // In name order many matches can sit behind everyone before them ("grace" after every "Ann"…"Frank"):
  // no index reads them in that order, so the admin narrows the search instead of waiting seconds.
  if (search && !search.uids && query.sort === 'name') throw badRequest(TOO_MANY_TO_SORT);
  // The few found are read by id and sorted (OFFSET 0 keeps it that way): left to itself, the
  // planner may walk the name index from "a" for them, which for one first name is 300,000 rows.
  const from = search?.uids ? `(SELECT * FROM users WHERE id = ANY(${params.add(search.uids)}::text[]) OFFSET 0) users` : 'users';
  const where = [
    "role = 'user'", 'closed_at IS NULL',
    ...dayRange('created_at', query, params),
    ...(search && !search.uids ? [`(id = ${params.add(search.text)} OR ${userSearchExpr()} LIKE ${params.add(likePattern(search.text))})`] : []),
  ];
  const { rows, page } = await readPage<UserRow>(q, cursors, { list: 'users', columns: USER_COLUMNS, from, where, params, order: ORDERS[query.sort] }, query);
  // Not the users' anti-phishing phrases (AdminUserRow).
  return { data: (await userProfiles(q, rows, now)).map(({ antiPhishingPhrase: _phrase, ...row }) => row), page };
}

const COLUMNS: Record<Exclude<keyof UpdateProfileBody, 'code' | 'currentPassword' | 'passkey'>, string> = {
  name: 'name',
  profilePic: 'profile_pic',
  dob: 'dob',
  phoneNumber: 'phone_number',
  state: 'state',
  city: 'city',
  bankName: 'bank_name',
  accountNumber: 'account_number',
  routingNumber: 'routing_number',
  bitcoin: 'bitcoin',
  ethereum: 'ethereum',
  sol: 'sol',
  usdt: 'usdt',
  antiPhishingPhrase: 'anti_phishing_phrase',
};

/** Where withdrawals are paid: a change of any of them waits and is mailed (services/payout-book.ts). */
const payoutColumns = Object.keys(PAYOUT_COLUMNS) as PayoutColumn[];
const isPayoutColumn = (column: string): column is PayoutColumn => column in PAYOUT_COLUMNS;

/** A profile picture is only an image this user uploaded here; null or '' clears it. */
async function checkProfilePic(deps: Pick<Deps, 'config'>, q: Queryable, uid: string, url: string | null | undefined): Promise<void> {
  if (url && !(await isOwnUpload(deps, q, uid, url))) {
    throw badRequest('profilePic: must be the mediaUrl of an image you uploaded (POST /image/upload-single), or empty');
  }
}

async function openInvestor(q: Queryable, uid: string): Promise<UserRow> {
  const row = await findUserById(q, uid);
  if (!row || row.role !== 'user') throw notFound('User not found', 'USER_NOT_FOUND');
  return row;
}

/**
 * The investor's own profile changes, as `user` (the caller's row) had it before: a new
 * anti-phishing phrase needs the password (or a passkey), a payout change the second factor;
 * a changed payout destination waits its cooldown and is mailed.
 */
export async function updateProfile(deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'limits' | 'log' | 'hashGate' | 'clock'>, user: UserRow, body: UpdateProfileBody): Promise<UserProfile> {
  const { db } = deps;
  const entries = (Object.keys(body) as Array<keyof UpdateProfileBody>).filter((k): k is keyof typeof COLUMNS => k !== 'code' && k !== 'currentPassword' && k !== 'passkey' && body[k] !== undefined);
  // The anti-phishing phrase is a security change: a stolen session alone cannot set the phrase
  // a phishing mail will then show. The spec's bodies never carry it.
  if (body.antiPhishingPhrase !== undefined && body.antiPhishingPhrase !== user.anti_phishing_phrase) {
    await requireIdentity(deps, user, { password: body.currentPassword, passkey: body.passkey }, 'currentPassword: is required to change the anti-phishing phrase');
  }
  // With two-factor on, a payout change needs a code: checked before the transaction (the check
  // spends a rate-limit budget and uses its own connection).
  if (entries.some((k) => { const c = COLUMNS[k]; return isPayoutColumn(c) && body[k] !== user[c]; })) {
    await requireSecondFactor(deps, user, body, { purpose: 'security' });
  }
  // One transaction: the picture's upload stays locked (FOR SHARE) until the reference is saved,
  // so the upload sweep cannot delete it in between.
  const row = await db.tx(async (q) => {
    await checkProfilePic(deps, q, user.id, body.profilePic);
    if (!entries.length) return user;
    const sets = entries.map((k, i) => `${COLUMNS[k]} = $${i + 2}`);
    const updated = await q.query<UserRow>(`UPDATE users SET ${sets.join(', ')} WHERE id = $1 RETURNING ${USER_COLUMNS}`, [user.id, ...entries.map((k) => body[k])]);
    const after = updated.rows[0] ?? (await openInvestor(q, user.id));
    const changed = payoutColumns.filter((c) => after[c] !== user[c]);
    if (!changed.length) return after;
    // A changed destination waits its cooldown (services/payout-book.ts) and is mailed to the owner.
    const keys = [...new Set(changed.map((c) => PAYOUT_COLUMNS[c].key))];
    const { usableFrom } = await markPayoutSaved(q, user.id, keys, { cooldownHours: deps.config.payoutSafety.cooldownHours, now: deps.clock.now() });
    await sendSecurityAlert(deps, after, 'payout-changed', `Changed: ${changed.map((c) => PAYOUT_COLUMNS[c].name).join(', ')}.`, q);
    return { ...after, payout_usable_from: usableFrom };
  });
  return userProfile(db, row, deps);
}

/** Closing, not deleting: the ledger keeps the account's history; its sessions end at once. */
export async function closeInvestor(q: Queryable, uid: string): Promise<void> {
  await openInvestor(q, uid);
  const closed = await q.query('UPDATE users SET closed_at = now(), token_version = token_version + 1 WHERE id = $1 AND closed_at IS NULL RETURNING id', [uid]);
  if (!closed.rows.length) throw conflict('This account is already closed', 'ALREADY_CLOSED');
}

/** An admin sends an open investor a password reset link; returns the address it went to. */
export async function sendInvestorResetLink(deps: Parameters<typeof sendResetLink>[0], uid: string): Promise<string> {
  const user = await openInvestor(deps.db, uid);
  if (user.closed_at) throw conflict('This account is closed', 'ACCOUNT_CLOSED');
  await sendResetLink(deps, user);
  return user.email;
}
