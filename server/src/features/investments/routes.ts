import { defineRoute, feature } from '../../http/define-route';
import { idempotent } from '../../ledger/idempotency';
import { usdToCents } from '../../ledger/money';
import { approveInvestment, createInvestment, listInvestments, processInvestment, stopInvestment } from './service';

export default feature(
  defineRoute('createInvestment', async ({ body, auth, db, idempotencyKey }) =>
    idempotent(db, { uid: auth.uid, key: idempotencyKey, route: 'createInvestment', request: { body } }, async (q) => ({
      data: await createInvestment(q, auth.uid, body.plan_id, body.method, usdToCents(body.amount)),
      message: 'Investment successful!',
    })),
  ),
  // The caller's own: uid comes from the token, so a cursor or filter can never reach another's.
  defineRoute('getInvestments', async ({ auth, db, query, request }) => listInvestments(db, request.server.cursors, { ...query, uid: auth.uid })),
  defineRoute('listInvestments', async ({ query, db, request }) => listInvestments(db, request.server.cursors, query)),
  defineRoute('endInvestment', async ({ params, auth, db }) => ({
    data: await db.tx((q) => stopInvestment(q, auth.uid, params.id)),
    message: 'Investment stopped successfully.',
  })),
  defineRoute('processInvestment', async ({ params, db }) => ({
    data: await db.tx((q) => processInvestment(q, params.id)),
    message: 'Investment processed successfully.',
  })),
  defineRoute('approveInvestment', async ({ params, db }) => ({
    data: await db.tx((q) => approveInvestment(q, params.id)),
    message: 'Investment approved successfully.',
  })),
);
