import { csvMoneyCell as money, csvTextCell as cell, type EarningEntry } from '@halcyon/api-client/contract';
import { csvExport } from '../../http/csv-export';
import { defineRoute, feature } from '../../http/define-route';
import { idempotent } from '../../ledger/idempotency';
import { usdToCents } from '../../ledger/money';
import { creditEarnings, deductEarnings, listEarnings } from '../../services/earnings';

export default feature(
  defineRoute('creditEarnings', async ({ params, body, auth, db, idempotencyKey }) =>
    idempotent(db, { uid: auth.uid, key: idempotencyKey, route: 'creditEarnings', request: { params, body } }, async (q) => ({
      data: await creditEarnings(q, {
        adminUid: auth.uid, uid: params.uid, investmentId: body.investment_id, planId: body.plan_id, amountCents: usdToCents(body.amount), reason: body.reason,
      }),
      message: 'Earnings credited successfully!',
    })),
  ),
  defineRoute('deductEarnings', async ({ params, body, auth, db, idempotencyKey }) =>
    idempotent(db, { uid: auth.uid, key: idempotencyKey, route: 'deductEarnings', request: { params, body } }, async (q) => ({
      data: await deductEarnings(q, {
        adminUid: auth.uid, uid: params.uid, investmentId: body.investment_id, planId: body.plan_id, amountCents: usdToCents(body.amount), reason: body.reason,
      }),
      message: 'Earnings deducted successfully!',
    })),
  ),
  defineRoute('listEarnings', async ({ db, deps, query }) => listEarnings(db, deps.cursors, query)),
  csvExport('/admin/export/earnings', {
    header: ['Id', 'Date (UTC)', 'Name', 'Email', 'Kind', 'Amount (USD)', 'Investment', 'Reason'],
    cells: (e: EarningEntry) => [cell(e.id), cell(e.createdAt), cell(e.user.name), cell(e.user.email), cell(e.kind), money(e.amount), cell(e.investment_id), cell(e.reason)],
    read: (_request, _auth, query, deps) => listEarnings(deps.db, deps.cursors, query),
  }),
);
