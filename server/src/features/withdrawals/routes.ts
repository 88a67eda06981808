import { csvMoneyCell as money, csvTextCell as cell, type Withdrawal } from '@halcyon/api-client/contract';
import { csvExport } from '../../http/csv-export';
import { defineRoute, feature } from '../../http/define-route';
import { decideWithdrawal, fileWithdrawal, listWithdrawals } from '../../services/withdrawals';

export default feature(
  defineRoute('createWithdrawal', async ({ body, auth, deps, idempotencyKey }) => fileWithdrawal(deps, auth.user, body, idempotencyKey)),
  defineRoute('listWithdrawals', async ({ db, deps, query }) => listWithdrawals(db, deps, query)),
  csvExport('/admin/export/withdrawals', {
    header: ['Id', 'Date (UTC)', 'Name', 'Email', 'Method', 'Destination', 'Amount (USD)', 'Status', 'Decided (UTC)'],
    cells: (w: Withdrawal) => [cell(w.id), cell(w.createdAt), cell(w.user.name), cell(w.user.email), cell(w.method), cell(w.destination), money(w.amount), cell(w.status), cell(w.decidedAt ?? '')],
    read: (_request, _auth, query, deps) => listWithdrawals(deps.db, deps, query),
  }),
  defineRoute('approveWithdrawal', async ({ params, auth, deps }) => ({
    data: await decideWithdrawal(deps, auth.uid, params.id, 'approve'),
    message: 'Withdrawal approved successfully.',
  })),
  defineRoute('declineWithdrawal', async ({ params, auth, deps }) => ({
    data: await decideWithdrawal(deps, auth.uid, params.id, 'decline'),
    message: 'Withdrawal declined successfully.',
  })),
  defineRoute('processWithdrawal', async ({ params, auth, deps }) => ({
    data: await decideWithdrawal(deps, auth.uid, params.id, 'process'),
    message: 'Withdrawal processed successfully.',
  })),
);
