import { WITHDRAW_ADDRESS } from '@halcyon/api-client/contract';
import { csvMoneyCell as money, csvTextCell as cell, type Withdrawal } from '@halcyon/api-client/contract';
import { csvExport } from '../../http/csv-export';
import { defineRoute, feature } from '../../http/define-route';
import { badRequest, forbidden } from '../../errors';
import { idempotent } from '../../ledger/idempotency';
import { usdToCents } from '../../ledger/money';
import { assertWithdrawalsOpen, sendSecurityAlert } from '../../services/alerts';
import { payoutDestination } from '../../services/payout-book';
import { requireSecondFactor } from '../../services/second-factor';
import { checkRequestLimits } from '../../services/request-limits';
import { approveWithdrawal, declineWithdrawal, listWithdrawals, processWithdrawal, requestWithdrawal } from './service';

export default feature(
  defineRoute('createWithdrawal', async ({ body, auth, db, config, idempotencyKey, request }) => {
    if (body.to !== auth.uid) throw forbidden('You can only withdraw from your own account');
    assertWithdrawalsOpen(auth.user);
    const cents = usdToCents(body.amount);
    let address = '';
    // Once per Idempotency-Key, before the money moves (a replay of the stored answer needs none):
    // with two-factor on, a code, before anything else, a new address in the body included. The
    // contract's schema refused an address on bank withdrawals (rules/withdrawals.ts); without one
    // (the spec's own body) a crypto withdrawal pays to the saved payout address, and a new one is
    // saved and may have to wait (services/payout-book.ts).
    const before = async () => {
      await requireSecondFactor(request.server, auth.user, body.code);
      address = await payoutDestination(request.server, auth.user, body.method, body.address?.trim() ?? '');
      if (!address && WITHDRAW_ADDRESS[body.method] === 'required') throw badRequest('Please provide a valid wallet address.');
    };
    return idempotent(db, { uid: auth.uid, key: idempotencyKey, route: 'createWithdrawal', request: { body }, before }, async (q) => {
      await checkRequestLimits(q, config.requestLimits, 'withdrawal', auth.uid, cents);
      const withdrawal = await requestWithdrawal(q, auth.uid, body.method, cents, address);
      const to = address ? ` to ${address}` : ' to your bank account';
      await sendSecurityAlert(request.server, auth.user, 'withdrawal', `Amount: $${body.amount} by ${body.method}${to}.`, q);
      return { data: withdrawal, message: 'Withdrawal request submitted successfully.' };
    });
  }),
  defineRoute('listWithdrawals', async ({ db, query, request }) => listWithdrawals(db, request.server.cursors, query)),
  csvExport('/admin/export/withdrawals', {
    header: ['Id', 'Date (UTC)', 'Name', 'Email', 'Method', 'Address', 'Amount (USD)', 'Status', 'Decided (UTC)'],
    cells: (w: Withdrawal) => [cell(w.id), cell(w.createdAt), cell(w.user.name), cell(w.user.email), cell(w.method), cell(w.address), money(w.amount), cell(w.status), cell(w.decidedAt ?? '')],
    read: (request, _auth, query) => listWithdrawals(request.server.db, request.server.cursors, query),
  }),
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
