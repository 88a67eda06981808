import type { z } from 'zod';
import type { Asset, ParsedQueryOf, Withdrawal, WithdrawMethod } from '@halcyon/api-client/contract';
import { METHOD_ASSET, WITHDRAW_ADDRESS, type routes } from '@halcyon/api-client/contract';
import type { Deps } from '../deps';
import type { UserRow } from '../db/users';
import { noteStepUpUse } from '../auth/webauthn';
import { mailLine } from '../mail/mail-line';
import { Params, readPage, type Cursors, type Paged } from '../db/keyset';
import { requestOrders, requestRows } from '../db/request-lists';
import { searchUsers } from '../db/user-search';
import type { Queryable } from '../db/types';
import { available, custody, held } from '../ledger/accounts';
import { dbUsd, usdToCents } from '../ledger/money';
import { iso, isoOrNull, userRef, type UserColumns } from '../ledger/rows';
import { ledgerRefusal, transfer } from '../ledger/transfer';
import { idempotencyRefusal, idempotentStatement, type HeldKey, type KeyClaim, type StatementAnswer } from '../ledger/idempotency';
import { checkRequestAmount, openRequestsRefusal } from './request-limits';
import { securityAlert, type SecurityAlert } from './alerts';
import { refuseTransition } from '../ledger/transitions';
import { AppError, badRequest, forbidden } from '../errors';
import { assertWithdrawalsOpen, withdrawalsFrozen } from './account-lock';
import { payoutDestination, savesNewAddress } from './payout-book';
import { withdrawalBinding } from './passkeys';
import { requireSecondFactor } from './second-factor';
import { PAYOUT_COLUMNS, PAYOUT_JOIN, payoutOf, payoutQuote, queuePayout, type PayoutColumns, type PayoutQuote } from './payouts';
import type { Chains } from '../chain/chains';

export interface WithdrawalRow extends UserColumns, Partial<PayoutColumns> {
  id: string;
  uid: string;
  method: WithdrawMethod;
  asset: Asset;
  address: string;
  /** What a bank withdrawal pays to, as recorded when it was requested (null for crypto). */
  bank_name: string | null;
  account_number: string | null;
  routing_number: string | null;
  /** A number and ISO strings when read back as JSON (withdrawal_request's record). */
  amount_cents: string | number;
  status: Withdrawal['status'];
  created_at: Date | string;
  decided_at: Date | string | null;
}

const COLUMNS = `w.id, w.uid, w.method, w.asset, w.address, w.bank_name, w.account_number, w.routing_number, w.amount_cents, w.status, w.created_at, w.decided_at, u.name AS user_name, u.email AS user_email,
  ${PAYOUT_COLUMNS}`;
const FROM = (from: string) => `${from} JOIN users u ON u.id = w.uid ${PAYOUT_JOIN}`;
const select = (from: string) => `SELECT ${COLUMNS} FROM ${FROM(from)}`;
const ORDERS = requestOrders('w');

/** '••••6789': the last four characters, enough to recognise an account number. */
const masked = (n: string) => `••••${n.slice(-4)}`;

/** Where it pays, as admins and the owner read it: the address, or the bank with masked numbers. */
function destinationOf(r: Pick<WithdrawalRow, 'method' | 'address' | 'bank_name' | 'account_number' | 'routing_number'>): string {
  if (r.method !== 'bank') return r.address;
  // Bank withdrawals filed before migration 022 recorded nothing.
  if (r.bank_name === null) return '';
  return `${r.bank_name}, account ${masked(r.account_number ?? '')}, routing ${masked(r.routing_number ?? '')}`;
}

/** `chains` for a payout's explorer link (null where none can have one yet: a new request). */
const toWithdrawal = (chains: Chains | null) => (r: WithdrawalRow): Withdrawal => ({
  id: r.id, uid: r.uid, amount: dbUsd(r.amount_cents), method: r.method, address: r.address, destination: destinationOf(r), status: r.status,
  createdAt: iso(r.created_at), decidedAt: isoOrNull(r.decided_at), user: userRef(r),
  payout: payoutOf(r, chains),
});

export interface WithdrawalRequest {
  uid: string;
  method: WithdrawMethod;
  amountCents: number;
  /** Where it pays: the address ('' for the bank), or the bank details (null for crypto). */
  address: string;
  bank: { name: string; accountNumber: string; routingNumber: string } | null;
  /** MAX_PENDING_WITHDRAWALS */
  maxOpen: number;
  /** Its mail to the owner; null only for the demo seed. */
  alert: SecurityAlert | null;
}

type WithdrawalBody = z.output<(typeof routes)['createWithdrawal']['body']>;
type FileDeps = Pick<Deps, 'db' | 'config' | 'mailer' | 'limits' | 'log' | 'hashGate' | 'clock'>;

/**
 * POST /api/withdrawal for `user`, with its Idempotency-Key: the checks, then the money. Once per
 * key, before the money moves (a replay of the stored answer needs none): with two-factor on, a
 * code, before anything else, a new address in the body included. The contract's schema refused
 * an address on bank withdrawals (rules/withdrawals.ts); without one (the spec's own body) a
 * crypto withdrawal pays to the saved payout address, and a new one is saved and may have to wait
 * (payout-book.ts). A bank withdrawal records the bank details as they are now: changing them
 * later changes nothing it pays.
 */
export async function fileWithdrawal(deps: FileDeps, user: UserRow, body: WithdrawalBody, idempotencyKey: string | undefined): Promise<{ data: Withdrawal; message: string }> {
  if (body.to !== user.id) throw forbidden('You can only withdraw from your own account');
  assertWithdrawalsOpen(user);
  const cents = usdToCents(body.amount);
  const { requestLimits } = deps.config;
  checkRequestAmount(requestLimits, 'withdrawal', cents);
  const typed = body.address?.trim() ?? '';
  const bank = body.method === 'bank' ? { name: user.bank_name.trim(), accountNumber: user.account_number.trim(), routingNumber: user.routing_number.trim() } : null;
  if (bank && !(bank.name && bank.accountNumber && bank.routingNumber)) {
    throw new AppError(400, 'BANK_DETAILS_MISSING', 'Add your bank name, account number and routing number in Settings before a bank withdrawal.');
  }
  let address = '';
  let stepUp: string | undefined;
  const before = async () => {
    // A passkey's answer counts only for this method, amount and destination (passkeys.ts).
    const factor = await requireSecondFactor(deps, user, body, { purpose: 'withdrawal', binding: withdrawalBinding(user, body) });
    if (factor === 'passkey') stepUp = body.passkey?.challengeId;
    address = await payoutDestination(deps, user, body.method, typed);
    if (!address && WITHDRAW_ADDRESS[body.method] === 'required') throw badRequest('Please provide a valid wallet address.');
  };
  const beforeSpends = Boolean(user.totp_secret) || user.passkey_count > 0 || savesNewAddress(user, body.method, typed);
  const scope = { uid: user.id, key: idempotencyKey, route: 'createWithdrawal', request: { body }, before, beforeSpends } as const;
  // One statement (requestWithdrawal); a delivered mail adds its job in the same transaction.
  const file = async (q: Queryable, key: KeyClaim | null) => {
    // What the investor typed, shown in a real mail of ours: one defanged line (mail/mail-line.ts).
    const to = bank ? ` to ${mailLine(bank.name, 100)}, account ending ${mailLine(bank.accountNumber.slice(-4), 4)}` : ` to ${mailLine(address, 200)}`;
    const alert = securityAlert(deps, user, 'withdrawal', `Amount: $${body.amount} by ${body.method}${to}.`);
    const answer = await requestWithdrawal(q, { uid: user.id, method: body.method, amountCents: cents, address, bank, maxOpen: requestLimits.maxPendingWithdrawals, alert }, key);
    if (answer.claimed) await deps.mailer.recorded(alert.mailId, alert.mail, q);
    // The passkey's challenge row records which withdrawal it confirmed.
    if (answer.claimed && stepUp) await noteStepUpUse(q, stepUp, answer.record.id);
    return answer;
  };
  return idempotentStatement(
    deps.db,
    scope,
    (q, key) => (deps.mailer.delivers ? deps.db.tx((tx) => file(tx, key)) : file(q, key)),
    (record: WithdrawalRow) => ({ data: toWithdrawal(null)(record), message: 'Withdrawal request submitted successfully.' }),
  );
}

/**
 * A pending withdrawal with its funds held: available:{asset} → held:{asset} (bank draws from
 * usdt), with its security alert and, with a key, the key's claim and kept answer, all in one
 * statement: the ledger's withdrawal_request (migration 024) moves the money only; the key
 * (idempotency_claim / idempotency_keep / idempotency_held) and the alert (security_alert_add, the
 * mail into the outbox) are composed around it here. 422 'Insufficient balance' or
 * TOO_MANY_PENDING (`maxOpen`): nothing of it is kept.
 */
export async function requestWithdrawal(q: Queryable, r: WithdrawalRequest, key: KeyClaim | null): Promise<StatementAnswer<WithdrawalRow>> {
  const { alert } = r;
  try {
    const { rows } = await q.query<{ record: WithdrawalRow | null; held: HeldKey | null }>(
      // Each CTE runs once, when the SELECT below first reads it, in the order it reads them
      // (left to right): the claim, the move, the alert, the kept answer. Without a claim nothing
      // after it runs, and the key's holder is read instead.
      `WITH claim AS (SELECT CASE WHEN $11::text IS NULL THEN true ELSE idempotency_claim($1, $11, 'createWithdrawal', $12, $13, $14, $15) END AS taken),
            moved AS (SELECT withdrawal_request($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) AS record FROM claim WHERE taken),
            alerted AS (SELECT security_alert_add($1, $16, $17, $18, $19, $20, $21) FROM moved WHERE $16::text IS NOT NULL),
            kept AS (SELECT idempotency_keep($1, $11, $13, 201, jsonb_build_object('record', record)) FROM moved WHERE $11::text IS NOT NULL)
       SELECT (SELECT record FROM moved) AS record, (SELECT count(*) FROM alerted) AS alerts, (SELECT count(*) FROM kept) AS kept,
              (SELECT idempotency_held($1, $11) FROM claim WHERE NOT taken) AS held`,
      [
        r.uid, r.method, METHOD_ASSET[r.method], r.address, r.bank?.name ?? null, r.bank?.accountNumber ?? null, r.bank?.routingNumber ?? null, r.amountCents, r.maxOpen, `Withdrawal requested (${r.method})`,
        key?.key ?? null, key?.hash ?? null, key?.claim ?? null, key?.ttlHours ?? null, key?.staleMinutes ?? null,
        alert?.lockHash ?? null, alert?.lockExpires ?? null, alert?.mailId ?? null, alert?.mail.to ?? null, alert?.mail.subject ?? null, alert?.mail.text ?? null,
      ],
    );
    const row = rows[0];
    return row?.record ? { claimed: true, record: row.record } : { claimed: false, key: row?.held ?? null };
  } catch (error) {
    throw ledgerRefusal(error) ?? openRequestsRefusal(error, 'withdrawal', r.maxOpen) ?? frozenRefusal(error) ?? idempotencyRefusal(error) ?? error;
  }
}

/** 403 for withdrawal_request's HL004: the account was frozen by a lock link meanwhile. */
function frozenRefusal(error: unknown): AppError | undefined {
  return (error as { code?: string } | null)?.code === 'HL004' ? withdrawalsFrozen() : undefined;
}

type Decision = { status: 'approved' | 'declined' | 'processing'; from: string[]; verb: string };
const DECISIONS = {
  approve: { status: 'approved', from: ['pending', 'processing'], verb: 'approved' },
  decline: { status: 'declined', from: ['pending', 'processing'], verb: 'declined' },
  process: { status: 'processing', from: ['pending'], verb: 'processed' },
} as const satisfies Record<string, Decision>;

async function decide(q: Queryable, adminUid: string, id: string, decision: Decision): Promise<WithdrawalRow> {
  // A withdrawal that is approved or declined is no longer open (migration 018's open_withdrawals).
  const r = await q.query<WithdrawalRow>(
    `WITH w AS (UPDATE withdrawals SET status = $2, decided_at = now(), decided_by = $3
                WHERE id = $1 AND status = ANY($4::text[]) RETURNING *),
     closed AS (UPDATE open_withdrawals o SET n = o.n - 1 FROM w WHERE o.uid = w.uid AND $2 IN ('approved', 'declined'))
     ${select('w')}`,
    [id, decision.status, adminUid, decision.from],
  );
  return r.rows[0] ?? refuseTransition(q, 'withdrawals', id, 'Withdrawal', decision.status, decision.verb);
}

/**
 * pending|processing → approved: held → custody (paid out), to the destination recorded with the
 * request, and with `payout` its payout queued for the signer (services/payouts.ts). Refused while
 * its owner's account is frozen (a lock link): the user's row is read FOR SHARE first, the order
 * withdrawal_request and lockAccount also take.
 */
export async function approveWithdrawal(q: Queryable, adminUid: string, id: string, payout: { quote: PayoutQuote; chains: Chains } | null = null): Promise<Withdrawal> {
  const owner = await q.query<{ frozen: boolean }>('SELECT frozen_at IS NOT NULL AS frozen FROM users WHERE id = (SELECT uid FROM withdrawals WHERE id = $1) FOR SHARE', [id]);
  if (owner.rows[0]?.frozen) throw new AppError(409, 'ACCOUNT_FROZEN', "This investor's account is locked by its owner: the withdrawal cannot be approved until they reset their password.");
  const row = await decide(q, adminUid, id, DECISIONS.approve);
  await transfer(q, {
    debit: held(row.uid, row.asset), credit: custody(row.asset), amountCents: Number(row.amount_cents),
    kind: 'withdrawal_payout', actor: adminUid, reason: `Withdrawal paid out (${row.method})`, ref: { type: 'withdrawal', id },
  });
  if (!payout) return toWithdrawal(null)(row);
  await queuePayout(q, { id, asset: row.asset, address: row.address, amountCents: Number(row.amount_cents) }, payout.quote);
  const queued = await q.query<WithdrawalRow>(`${select('withdrawals w')} WHERE w.id = $1`, [id]);
  return toWithdrawal(payout.chains)(queued.rows[0] ?? row);
}

/** pending|processing → declined: held → available (the money goes back). */
async function declineWithdrawal(q: Queryable, adminUid: string, id: string): Promise<Withdrawal> {
  const row = await decide(q, adminUid, id, DECISIONS.decline);
  await transfer(q, {
    debit: held(row.uid, row.asset), credit: available(row.uid, row.asset), amountCents: Number(row.amount_cents),
    kind: 'withdrawal_release', actor: adminUid, reason: 'Withdrawal declined: funds released', ref: { type: 'withdrawal', id },
  });
  return toWithdrawal(null)(row);
}

/** pending → processing: the funds stay held. */
async function processWithdrawal(q: Queryable, adminUid: string, id: string): Promise<Withdrawal> {
  return toWithdrawal(null)(await decide(q, adminUid, id, DECISIONS.process));
}

/**
 * An admin's decision on a withdrawal, in its own transaction. An approval of a withdrawal paid on
 * the chain is priced first, outside it (a node's answer is not worth holding row locks for).
 */
export async function decideWithdrawal(deps: Pick<Deps, 'db' | 'chains' | 'config' | 'clock'>, adminUid: string, id: string, decision: 'approve' | 'decline' | 'process'): Promise<Withdrawal> {
  if (decision !== 'approve') return deps.db.tx((q) => (decision === 'decline' ? declineWithdrawal : processWithdrawal)(q, adminUid, id));
  const found = await deps.db.query<{ method: WithdrawMethod; amount_cents: string }>('SELECT method, amount_cents FROM withdrawals WHERE id = $1', [id]);
  const request = found.rows[0];
  const quote = request ? await payoutQuote(deps, { method: request.method, amountCents: Number(request.amount_cents) }) : null;
  return deps.db.tx((q) => approveWithdrawal(q, adminUid, id, quote ? { quote, chains: deps.chains } : null));
}

/** A page of withdrawals with the query's filters (docs/api.md "Lists"), each with its payout. */
export async function listWithdrawals(q: Queryable, deps: { cursors: Cursors; chains: Chains }, query: ParsedQueryOf<'listWithdrawals'>): Promise<Paged<Withdrawal>> {
  const { cursors } = deps;
  const params = new Params();
  const { base, where } = requestRows('withdrawals', 'w', query, params, query.q ? await searchUsers(q, query.q) : null);
  const { rows, page } = await readPage<WithdrawalRow>(q, cursors, { list: 'withdrawals', columns: COLUMNS, from: FROM('withdrawals w'), base: { table: base, id: 'w.id' }, where, params, order: ORDERS[query.sort] }, query);
  return { data: rows.map(toWithdrawal(deps.chains)), page };
}
