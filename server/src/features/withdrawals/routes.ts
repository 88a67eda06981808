import { WITHDRAW_ADDRESS } from '@halcyon/api-client/contract';
import { csvMoneyCell as money, csvTextCell as cell, type Withdrawal } from '@halcyon/api-client/contract';
import { csvExport } from '../../http/csv-export';
import { defineRoute, feature } from '../../http/define-route';
import { AppError, badRequest, forbidden } from '../../errors';
import { idempotentStatement, type KeyClaim } from '../../ledger/idempotency';
import type { Queryable } from '../../db/types';
import { usdToCents } from '../../ledger/money';
import { securityAlert } from '../../services/alerts';
import { assertWithdrawalsOpen } from '../../services/account-lock';
import { payoutDestination, savesNewAddress } from '../../services/payout-book';
import { requireSecondFactor } from '../../services/second-factor';
import { withdrawalBinding } from '../../services/passkeys';
import { noteStepUpUse } from '../../auth/webauthn';
import { mailLine } from '../../mail/mail-line';
import { checkRequestAmount } from '../../services/request-limits';
import { approveWithdrawal, declineWithdrawal, listWithdrawals, processWithdrawal, requestWithdrawal, toWithdrawal, type WithdrawalRow } from './service';

export default feature(
  defineRoute('createWithdrawal', async ({ body, auth, db, config, idempotencyKey, request }) => {
    if (body.to !== auth.uid) throw forbidden('You can only withdraw from your own account');
    assertWithdrawalsOpen(auth.user);
    const cents = usdToCents(body.amount);
    checkRequestAmount(config.requestLimits, 'withdrawal', cents);
    const typed = body.address?.trim() ?? '';
    let address = '';
    let stepUp: string | undefined;
    // A bank withdrawal records the bank details as they are now: changing them later changes nothing it pays.
    const { bank_name: name, account_number: accountNumber, routing_number: routingNumber } = auth.user;
    const bank = body.method === 'bank' ? { name: name.trim(), accountNumber: accountNumber.trim(), routingNumber: routingNumber.trim() } : null;
    if (bank && !(bank.name && bank.accountNumber && bank.routingNumber)) {
      throw new AppError(400, 'BANK_DETAILS_MISSING', 'Add your bank name, account number and routing number in Settings before a bank withdrawal.');
    }
    // Once per Idempotency-Key, before the money moves (a replay of the stored answer needs none):
    // with two-factor on, a code, before anything else, a new address in the body included. The
    // contract's schema refused an address on bank withdrawals (rules/withdrawals.ts); without one
    // (the spec's own body) a crypto withdrawal pays to the saved payout address, and a new one is
    // saved and may have to wait (services/payout-book.ts).
    const before = async () => {
      // A passkey's answer counts only for this method, amount and destination (services/passkeys.ts).
      const factor = await requireSecondFactor(request.server, auth.user, body, { purpose: 'withdrawal', binding: withdrawalBinding(auth.user, body) });
      if (factor === 'passkey') stepUp = body.passkey?.challengeId;
      address = await payoutDestination(request.server, auth.user, body.method, typed);
      if (!address && WITHDRAW_ADDRESS[body.method] === 'required') throw badRequest('Please provide a valid wallet address.');
    };
    const beforeSpends = Boolean(auth.user.totp_secret) || auth.user.passkey_count > 0 || savesNewAddress(auth.user, body.method, typed);
    const scope = { uid: auth.uid, key: idempotencyKey, route: 'createWithdrawal', request: { body }, before, beforeSpends } as const;
    // The whole move is one statement (withdrawal_request); a delivered mail adds its job in the same transaction.
    const file = async (q: Queryable, key: KeyClaim | null) => {
      // What the investor typed, shown in a real mail of ours: one defanged line (mail/mail-line.ts).
      const to = bank ? ` to ${mailLine(bank.name, 100)}, account ending ${mailLine(bank.accountNumber.slice(-4), 4)}` : ` to ${mailLine(address, 200)}`;
      const alert = securityAlert(request.server, auth.user, 'withdrawal', `Amount: $${body.amount} by ${body.method}${to}.`);
      const answer = await requestWithdrawal(q, { uid: auth.uid, method: body.method, amountCents: cents, address, bank, maxOpen: config.requestLimits.maxPendingWithdrawals, alert }, key);
      if (answer.claimed) await request.server.mailer.recorded(alert.mailId, alert.mail, q);
      // The passkey's challenge row records which withdrawal it confirmed.
      if (answer.claimed && stepUp) await noteStepUpUse(q, stepUp, answer.record.id);
      return answer;
    };
    return idempotentStatement(
      db,
      scope,
      (q, key) => (request.server.mailer.delivers ? db.tx((tx) => file(tx, key)) : file(q, key)),
      (record: WithdrawalRow) => ({ data: toWithdrawal(record), message: 'Withdrawal request submitted successfully.' }),
    );
  }),
  defineRoute('listWithdrawals', async ({ db, query, request }) => listWithdrawals(db, request.server.cursors, query)),
  csvExport('/admin/export/withdrawals', {
    header: ['Id', 'Date (UTC)', 'Name', 'Email', 'Method', 'Destination', 'Amount (USD)', 'Status', 'Decided (UTC)'],
    cells: (w: Withdrawal) => [cell(w.id), cell(w.createdAt), cell(w.user.name), cell(w.user.email), cell(w.method), cell(w.destination), money(w.amount), cell(w.status), cell(w.decidedAt ?? '')],
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
