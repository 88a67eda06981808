import { defineRoute, feature } from '../../http/define-route';
import { forbidden } from '../../errors';
import { idempotent } from '../../ledger/idempotency';
import { usdToCents } from '../../ledger/money';
import { approveWithdrawal, declineWithdrawal, listWithdrawals, processWithdrawal, requestWithdrawal } from './service';

export default feature(
  defineRoute('createWithdrawal', async ({ body, auth, db, idempotencyKey }) => {
    if (body.to !== auth.uid) throw forbidden('You can only withdraw from your own account');
    // The contract's schema already applied the address rule (rules/withdrawals.ts).
    const address = body.address ?? '';
    return idempotent(db, { uid: auth.uid, key: idempotencyKey, route: 'createWithdrawal', request: { body } }, async (q) => ({
      data: await requestWithdrawal(q, auth.uid, body.method, usdToCents(body.amount), address),
      message: 'Withdrawal request submitted successfully.',
    }));
  }),
  defineRoute('listWithdrawals', async ({ db }) => ({ data: await listWithdrawals(db) })),
  defineRoute('approveWithdrawal', async ({ params, auth, db }) => ({
    data: await db.tx((q) => approveWithdrawal(q, auth.uid, params.id)),
    message: 'Withdrawal approved successfully.',
  })),
  defineRoute('declineWithdrawal', async ({ params, auth, db }) => ({
    data: await db.tx((q) => declineWithdrawal(q, auth.uid, params.id)),
    message: 'Withdrawal declined successfully.',
  })),
  defineRoute('processWithdrawal', async ({ params, auth, db }) => ({
    data: await db.tx((q) => processWithdrawal(q, auth.uid, params.id)),
    message: 'Withdrawal processed successfully.',
  })),
);
