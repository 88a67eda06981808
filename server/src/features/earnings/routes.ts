import { defineRoute, feature } from '../../http/define-route';
import { idempotent } from '../../ledger/idempotency';
import { usdToCents } from '../../ledger/money';
import { creditEarnings, deductEarnings, listEarnings } from './service';

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
  defineRoute('listEarnings', async ({ db, query, request }) => listEarnings(db, request.server.cursors, query)),
);
