import { csvMoneyCell as money, csvTextCell as cell, type AdminUserRow } from '@halcyon/api-client/contract';
import { csvExport } from '../../http/csv-export';
import { defineRoute, feature } from '../../http/define-route';
import { userProfile } from '../../services/profile';
import { closeInvestor, listUsers, sendInvestorResetLink, updateProfile } from '../../services/users';

export default feature(
  // access 'user': authenticate already read this investor's row (open, role user) and, in the
  // same statement, their figures: the whole profile is one round trip.
  defineRoute('getProfile', async ({ auth, db, deps }) => ({ data: await userProfile(db, auth.user, deps, auth.figures) }), { callerFigures: true }),

  defineRoute('updateProfile', async ({ auth, body, deps }) => ({ data: await updateProfile(deps, auth.user, body), message: 'Profile updated successfully!' })),

  defineRoute('listUsers', async ({ db, deps, query }) => listUsers(db, deps.cursors, query, deps.clock.now())),
  csvExport('/admin/export/users', {
    header: ['Id', 'Name', 'Username', 'Email', 'Phone', 'Joined (UTC)', 'Balance (USD)', 'Deposits (USD)', 'Withdrawals (USD)', 'Earnings (USD)'],
    cells: (u: AdminUserRow) => [
      cell(u.id), cell(u.name), cell(u.username), cell(u.email), cell(u.phoneNumber), cell(u.createdAt), money(u.balance), money(u.totalDeposits), money(u.totalWithdrawals), money(u.earnings),
    ],
    read: (_request, _auth, query, deps) => listUsers(deps.db, deps.cursors, query, deps.clock.now()),
  }),

  defineRoute('deleteUser', async ({ params, db }) => {
    await closeInvestor(db, params.uid);
    return { message: 'User deleted successfully.' };
  }),

  defineRoute('sendUserPasswordReset', async ({ params, deps }) => {
    const email = await sendInvestorResetLink(deps, params.uid);
    return { message: `Password reset link sent to ${email}.` };
  }),
);
