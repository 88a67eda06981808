import { csvMoneyCell as money, csvTextCell as cell, type Deposit } from '@halcyon/api-client/contract';
import { csvExport } from '../../http/csv-export';
import { defineRoute, feature } from '../../http/define-route';
import { forbidden } from '../../errors';
import { idempotent } from '../../ledger/idempotency';
import { usdToCents } from '../../ledger/money';
import { checkDepositLimits } from '../../services/request-limits';
import { approveDeposit, createDeposit, declineDeposit, listDeposits } from '../../services/deposits';

export default feature(
  defineRoute('createDeposit', async ({ body, auth, db, config, idempotencyKey }) => {
    if (body.from !== auth.uid) throw forbidden('You can only deposit into your own account');
    const cents = usdToCents(body.amount);
    return idempotent(db, { uid: auth.uid, key: idempotencyKey, route: 'createDeposit', request: { body } }, async (q) => {
      await checkDepositLimits(q, config.requestLimits, auth.uid, cents);
      return { data: await createDeposit(q, auth.uid, body.method, cents), message: 'Deposit initiated successfully!' };
    });
  }),
  defineRoute('listDeposits', async ({ db, deps, query }) => listDeposits(db, deps.cursors, query)),
  csvExport('/admin/export/deposits', {
    header: ['Id', 'Date (UTC)', 'Name', 'Email', 'Method', 'Amount (USD)', 'Status', 'Decided (UTC)'],
    cells: (d: Deposit) => [cell(d.id), cell(d.createdAt), cell(d.user.name), cell(d.user.email), cell(d.method), money(d.amount), cell(d.status), cell(d.decidedAt ?? '')],
    read: (_request, _auth, query, deps) => listDeposits(deps.db, deps.cursors, query),
  }),
  defineRoute('approveDeposit', async ({ params, auth, db }) => ({
    data: await approveDeposit(db, auth.uid, params.id, params.method),
    message: 'Deposit approved successfully.',
  })),
  defineRoute('declineDeposit', async ({ params, auth, db }) => ({
    data: await declineDeposit(db, auth.uid, params.id),
    message: 'Deposit declined successfully.',
  })),
);
