import { csvMoneyCell as money, csvTextCell as cell, type Investment } from '@halcyon/api-client/contract';
import { csvExport } from '../../http/csv-export';
import { defineRoute, feature } from '../../http/define-route';
import { idempotent } from '../../ledger/idempotency';
import { usdToCents } from '../../ledger/money';
import { approveInvestment, createInvestment, listInvestments, processInvestment, stopInvestment } from '../../services/investments';

const COLUMNS = {
  header: ['Id', 'Date (UTC)', 'Name', 'Email', 'Plan', 'Method', 'Amount (USD)', 'Earnings (USD)', 'Status', 'Ends (UTC)'],
  cells: (i: Investment) => [
    cell(i.id), cell(i.createdAt), cell(i.name), cell(i.email), cell(i.plan_name ?? i.plan_id), cell(i.method), money(i.amount), money(i.earnings), cell(i.status), cell(i.endDate),
  ],
};

export default feature(
  defineRoute('createInvestment', async ({ body, auth, db, idempotencyKey }) =>
    idempotent(db, { uid: auth.uid, key: idempotencyKey, route: 'createInvestment', request: { body } }, async (q) => ({
      data: await createInvestment(q, auth.uid, body.plan_id, body.method, usdToCents(body.amount)),
      message: 'Investment successful!',
    })),
  ),
  // The caller's own: uid comes from the token, so a cursor or filter can never reach another's.
  defineRoute('getInvestments', async ({ auth, db, deps, query }) => listInvestments(db, deps.cursors, { ...query, uid: auth.uid })),
  defineRoute('listInvestments', async ({ query, db, deps }) => listInvestments(db, deps.cursors, query)),
  csvExport('/admin/export/investments', { ...COLUMNS, read: (_request, _auth, query, deps) => listInvestments(deps.db, deps.cursors, query) }),
  csvExport('/user/export/investments', { ...COLUMNS, read: (_request, auth, query, deps) => listInvestments(deps.db, deps.cursors, { ...query, uid: auth.uid }) }),
  defineRoute('endInvestment', async ({ params, auth, db }) => ({
    data: await stopInvestment(db, auth.uid, params.id),
    message: 'Investment stopped successfully.',
  })),
  defineRoute('processInvestment', async ({ params, db }) => ({
    data: await processInvestment(db, params.id),
    message: 'Investment processed successfully.',
  })),
  defineRoute('approveInvestment', async ({ params, db }) => ({
    data: await approveInvestment(db, params.id),
    message: 'Investment approved successfully.',
  })),
);
