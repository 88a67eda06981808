import { csvMoneyCell as money, csvTextCell as cell, type Deposit } from '@halcyon/api-client/contract';
import { csvExport } from '../../http/csv-export';
import { defineRoute, feature } from '../../http/define-route';
import { approveDeposit, declineDeposit, fileDeposit, listDeposits, readOwnDeposit } from '../../services/deposits';

export default feature(
  defineRoute('createDeposit', async ({ body, auth, deps, idempotencyKey }) => ({
    data: await fileDeposit(deps, auth.uid, body, idempotencyKey),
    message: 'Deposit initiated successfully!',
  })),
  defineRoute('getDeposit', async ({ params, auth, db, deps }) => ({ data: await readOwnDeposit(db, deps.chains, auth.uid, params.id) })),
  defineRoute('listDeposits', async ({ db, deps, query }) => listDeposits(db, deps.chains, deps.cursors, query)),
  csvExport('/admin/export/deposits', {
    header: ['Id', 'Date (UTC)', 'Name', 'Email', 'Method', 'Amount (USD)', 'Status', 'Decided (UTC)'],
    cells: (d: Deposit) => [cell(d.id), cell(d.createdAt), cell(d.user.name), cell(d.user.email), cell(d.method), money(d.amount), cell(d.status), cell(d.decidedAt ?? '')],
    read: (_request, _auth, query, deps) => listDeposits(deps.db, deps.chains, deps.cursors, query),
  }),
  defineRoute('approveDeposit', async ({ params, auth, db }) => ({
    data: await approveDeposit(db, auth.uid, params.id, params.method),
    message: 'Deposit approved successfully.',
  })),
  defineRoute('declineDeposit', async ({ params, auth, db, deps }) => ({
    data: await declineDeposit(db, deps.chains, auth.uid, params.id),
    message: 'Deposit declined successfully.',
  })),
);
