import type { FastifyRequest } from 'fastify';
import type { UpdateProfileBody } from '@halcyon/api-client/contract';
import { listUsers } from './list';
import { csvMoneyCell as money, csvTextCell as cell, type AdminUserRow } from '@halcyon/api-client/contract';
import { csvExport } from '../../http/csv-export';
import { defineRoute, feature } from '../../http/define-route';
import { badRequest, conflict, notFound } from '../../errors';
import { findUserById, USER_COLUMNS, type UserRow } from '../../db/users';
import { sendSecurityAlert } from '../../services/alerts';
import { requireIdentity, requireSecondFactor } from '../../services/second-factor';
import { PAYOUT_COLUMNS, markPayoutSaved, type PayoutColumn } from '../../services/payout-book';
import { sendResetLink } from '../../services/password-reset';
import { userProfile } from '../../services/profile';
import { isOwnUpload } from '../../services/uploads';
import type { Queryable } from '../../db/types';

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
async function checkProfilePic(request: FastifyRequest, q: Queryable, uid: string, url: string | null | undefined): Promise<void> {
  if (url && !(await isOwnUpload(request.server, q, uid, url))) {
    throw badRequest('profilePic: must be the mediaUrl of an image you uploaded (POST /image/upload-single), or empty');
  }
}

async function openInvestor(q: Queryable, uid: string): Promise<UserRow> {
  const row = await findUserById(q, uid);
  if (!row || row.role !== 'user') throw notFound('User not found', 'USER_NOT_FOUND');
  return row;
}

export default feature(
  // access 'user': authenticate already read this investor's row (open, role user) and, in the
  // same statement, their figures: the whole profile is one round trip.
  defineRoute('getProfile', async ({ auth, db }) => ({ data: await userProfile(db, auth.user, auth.figures) }), { callerFigures: true }),

  defineRoute('updateProfile', async ({ auth, body, db, request }) => {
    const entries = (Object.keys(body) as Array<keyof UpdateProfileBody>).filter((k): k is keyof typeof COLUMNS => k !== 'code' && k !== 'currentPassword' && k !== 'passkey' && body[k] !== undefined);
    // The anti-phishing phrase is a security change: a stolen session alone cannot set the phrase
    // a phishing mail will then show. The spec's bodies never carry it.
    if (body.antiPhishingPhrase !== undefined && body.antiPhishingPhrase !== auth.user.anti_phishing_phrase) {
      await requireIdentity(request.server, auth.user, { password: body.currentPassword, passkey: body.passkey }, 'currentPassword: is required to change the anti-phishing phrase');
    }
    // With two-factor on, a payout change needs a code: checked before the transaction (the check
    // spends a rate-limit budget and uses its own connection).
    if (entries.some((k) => { const c = COLUMNS[k]; return isPayoutColumn(c) && body[k] !== auth.user[c]; })) {
      await requireSecondFactor(request.server, auth.user, body, { purpose: 'security' });
    }
    // One transaction: the picture's upload stays locked (FOR SHARE) until the reference is saved,
    // so the upload sweep cannot delete it in between.
    const row = await db.tx(async (q) => {
      await checkProfilePic(request, q, auth.uid, body.profilePic);
      if (!entries.length) return auth.user;
      const sets = entries.map((k, i) => `${COLUMNS[k]} = $${i + 2}`);
      const updated = await q.query<UserRow>(`UPDATE users SET ${sets.join(', ')} WHERE id = $1 RETURNING ${USER_COLUMNS}`, [auth.uid, ...entries.map((k) => body[k])]);
      const after = updated.rows[0] ?? (await openInvestor(q, auth.uid));
      const changed = payoutColumns.filter((c) => after[c] !== auth.user[c]);
      if (!changed.length) return after;
      // A changed destination waits its cooldown (services/payout-book.ts) and is mailed to the owner.
      const keys = [...new Set(changed.map((c) => PAYOUT_COLUMNS[c].key))];
      const { usableFrom } = await markPayoutSaved(q, auth.uid, keys, request.server.config.payoutSafety.cooldownHours);
      await sendSecurityAlert(request.server, after, 'payout-changed', `Changed: ${changed.map((c) => PAYOUT_COLUMNS[c].name).join(', ')}.`, q);
      return { ...after, payout_usable_from: usableFrom };
    });
    return { data: await userProfile(db, row), message: 'Profile updated successfully!' };
  }),

  defineRoute('listUsers', async ({ db, query, request }) => listUsers(db, request.server.cursors, query)),
  csvExport('/admin/export/users', {
    header: ['Id', 'Name', 'Username', 'Email', 'Phone', 'Joined (UTC)', 'Balance (USD)', 'Deposits (USD)', 'Withdrawals (USD)', 'Earnings (USD)'],
    cells: (u: AdminUserRow) => [
      cell(u.id), cell(u.name), cell(u.username), cell(u.email), cell(u.phoneNumber), cell(u.createdAt), money(u.balance), money(u.totalDeposits), money(u.totalWithdrawals), money(u.earnings),
    ],
    read: (request, _auth, query) => listUsers(request.server.db, request.server.cursors, query),
  }),

  // Closing, not deleting: the ledger keeps the account's history; its sessions end at once.
  defineRoute('deleteUser', async ({ params, db }) => {
    await openInvestor(db, params.uid);
    const closed = await db.query('UPDATE users SET closed_at = now(), token_version = token_version + 1 WHERE id = $1 AND closed_at IS NULL RETURNING id', [params.uid]);
    if (!closed.rows.length) throw conflict('This account is already closed', 'ALREADY_CLOSED');
    return { message: 'User deleted successfully.' };
  }),

  defineRoute('sendUserPasswordReset', async ({ params, db, request }) => {
    const user = await openInvestor(db, params.uid);
    if (user.closed_at) throw conflict('This account is closed', 'ACCOUNT_CLOSED');
    await sendResetLink(request.server, user);
    return { message: `Password reset link sent to ${user.email}.` };
  }),
);
