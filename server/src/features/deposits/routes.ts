import { defineRoute, feature } from '../../http/define-route';
import { forbidden } from '../../errors';
import { idempotent } from '../../ledger/idempotency';
import { usdToCents } from '../../ledger/money';
import { approveDeposit, createDeposit, declineDeposit, listDeposits } from './service';

export default feature(
  defineRoute('createDeposit', async ({ body, auth, db, idempotencyKey }) => {
    if (body.from !== auth.uid) throw forbidden('You can only deposit into your own account');
    return idempotent(db, { uid: auth.uid, key: idempotencyKey, route: 'createDeposit', request: { body } }, async (q) => ({
      data: await createDeposit(q, auth.uid, body.method, usdToCents(body.amount)),
      message: 'Deposit initiated successfully!',
    }));
  }),
  defineRoute('listDeposits', async ({ db }) => ({ data: await listDeposits(db) })),
  defineRoute('approveDeposit', async ({ params, auth, db }) => ({
    data: await db.tx((q) => approveDeposit(q, auth.uid, params.id, params.method)),
    message: 'Deposit approved successfully.',
  })),
  defineRoute('declineDeposit', async ({ params, auth, db }) => ({
    data: await db.tx((q) => declineDeposit(q, auth.uid, params.id)),
    message: 'Deposit declined successfully.',
  })),
);
