import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  csvLine, csvMoneyCell as money, csvTextCell as cell, routes,
  type AdminUserRow, type Deposit, type EarningEntry, type Investment, type LedgerEntry, type ParsedQueryOf, type Transaction, type Withdrawal,
} from '@halcyon/api-client/contract';
import type { Paged } from '../../db/keyset';
import type { Queryable } from '../../db/types';
import { notFound } from '../../errors';
import { authenticate, type AuthInfo } from '../../http/authenticate';
import { parsePart } from '../../http/validation';
import { listDeposits } from '../deposits/service';
import { listEarnings } from '../earnings/service';
import { listInvestments } from '../investments/service';
import { listLedger, listTransactions } from '../transactions/service';
import { listUsers } from '../users/list';
import { listWithdrawals } from '../withdrawals/service';

// CSV exports of whole lists (docs/api.md "Exports"): the list's own filters, read page after page
// by keyset and written as each page arrives, so the server holds one page whatever the size.

const PAGE = 500;

type ListName = 'listUsers' | 'listDeposits' | 'listWithdrawals' | 'listInvestments' | 'listEarnings' | 'allTransactions' | 'getTransactions' | 'getInvestments' | 'getLedger';

interface Export<N extends ListName, T> {
  route: N;
  header: readonly string[];
  cells: (row: T) => string[];
  read: (db: Queryable, request: FastifyRequest, auth: AuthInfo, query: ParsedQueryOf<N>) => Promise<Paged<T>>;
}

const exportOf = <N extends ListName, T>(e: Export<N, T>) => e;
const cursors = (request: FastifyRequest) => request.server.cursors;
const date = (iso: string | null) => cell(iso ?? '');

const transactionColumns = {
  header: ['Id', 'Date (UTC)', 'Name', 'Email', 'Type', 'Method', 'Amount (USD)', 'Status', 'Source'],
  cells: (t: Transaction) => [cell(t.id), date(t.createdAt), cell(t.user.name), cell(t.user.email), cell(t.type), cell(t.method), money(t.amount), cell(t.status), cell(t.source)],
};
const investmentColumns = {
  header: ['Id', 'Date (UTC)', 'Name', 'Email', 'Plan', 'Method', 'Amount (USD)', 'Earnings (USD)', 'Status', 'Ends (UTC)'],
  cells: (i: Investment) => [
    cell(i.id), date(i.createdAt), cell(i.name), cell(i.email), cell(i.plan_name ?? i.plan_id), cell(i.method), money(i.amount), money(i.earnings), cell(i.status), date(i.endDate),
  ],
};

const ADMIN = {
  users: exportOf({
    route: 'listUsers',
    header: ['Id', 'Name', 'Username', 'Email', 'Phone', 'Joined (UTC)', 'Balance (USD)', 'Deposits (USD)', 'Withdrawals (USD)', 'Earnings (USD)'],
    cells: (u: AdminUserRow) => [
      cell(u.id), cell(u.name), cell(u.username), cell(u.email), cell(u.phoneNumber), date(u.createdAt), money(u.balance), money(u.totalDeposits), money(u.totalWithdrawals), money(u.earnings),
    ],
    read: (db, request, _auth, query) => listUsers(db, cursors(request), query),
  }),
  deposits: exportOf({
    route: 'listDeposits',
    header: ['Id', 'Date (UTC)', 'Name', 'Email', 'Method', 'Amount (USD)', 'Status', 'Decided (UTC)'],
    cells: (d: Deposit) => [cell(d.id), date(d.createdAt), cell(d.user.name), cell(d.user.email), cell(d.method), money(d.amount), cell(d.status), date(d.decidedAt)],
    read: (db, request, _auth, query) => listDeposits(db, cursors(request), query),
  }),
  withdrawals: exportOf({
    route: 'listWithdrawals',
    header: ['Id', 'Date (UTC)', 'Name', 'Email', 'Method', 'Address', 'Amount (USD)', 'Status', 'Decided (UTC)'],
    cells: (w: Withdrawal) => [cell(w.id), date(w.createdAt), cell(w.user.name), cell(w.user.email), cell(w.method), cell(w.address), money(w.amount), cell(w.status), date(w.decidedAt)],
    read: (db, request, _auth, query) => listWithdrawals(db, cursors(request), query),
  }),
  investments: exportOf({ route: 'listInvestments', ...investmentColumns, read: (db, request, _auth, query) => listInvestments(db, cursors(request), query) }),
  earnings: exportOf({
    route: 'listEarnings',
    header: ['Id', 'Date (UTC)', 'Name', 'Email', 'Kind', 'Amount (USD)', 'Investment', 'Reason'],
    cells: (e: EarningEntry) => [cell(e.id), date(e.createdAt), cell(e.user.name), cell(e.user.email), cell(e.kind), money(e.amount), cell(e.investment_id), cell(e.reason)],
    read: (db, request, _auth, query) => listEarnings(db, cursors(request), query),
  }),
  transactions: exportOf({ route: 'allTransactions', ...transactionColumns, read: (db, request, _auth, query) => listTransactions(db, cursors(request), query) }),
};

// The investor's own records only: uid comes from the token, never from the query.
const INVESTOR = {
  transactions: exportOf({ route: 'getTransactions', ...transactionColumns, read: (db, request, auth, query) => listTransactions(db, cursors(request), { ...query, uid: auth.uid }) }),
  investments: exportOf({ route: 'getInvestments', ...investmentColumns, read: (db, request, auth, query) => listInvestments(db, cursors(request), { ...query, uid: auth.uid }) }),
  ledger: exportOf({
    route: 'getLedger',
    header: ['Date (UTC)', 'Entry', 'Reason', 'By', 'Asset', 'Account', 'Amount (USD)', 'Account balance after', 'Asset balance after'],
    cells: (e: LedgerEntry) => [
      date(e.createdAt), cell(e.kind), cell(e.reason), cell(e.actor), cell(e.asset), cell(e.account), money(e.amount), money(e.balanceAfter), money(e.assetBalanceAfter),
    ],
    read: (db, request, auth, query) => listLedger(db, cursors(request), auth.uid, query),
  }),
};

type AnyExport = Export<ListName, never>;

/** The header, then each page's lines as it is read; pulled by the response, so a slow client slows the reads. */
async function* csvLines(e: AnyExport, request: FastifyRequest, auth: AuthInfo, query: Record<string, unknown>): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(e.header.map(cell))}`;
  let cursor: string | undefined;
  do {
    const page = await e.read(request.server.db, request, auth, { ...query, limit: PAGE, cursor } as never);
    yield page.data.map((row) => csvLine(e.cells(row))).join('');
    cursor = page.page.nextCursor ?? undefined;
  } while (cursor);
}

function exportRoute(prefix: string, access: 'admin' | 'user', table: Record<string, AnyExport>): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { list: string } }>(`${prefix}/:list`, {
      schema: { hide: true },
      onRequest: async (request) => {
        request.auth = await authenticate(request, access);
      },
      handler: async (request, reply) => {
        const e = Object.hasOwn(table, request.params.list) ? table[request.params.list] : undefined;
        if (!e) throw notFound(`No export ${request.params.list}: one of ${Object.keys(table).join(', ')}`);
        // The list's own query schema: the same filters, the same 400s naming the field.
        const query = parsePart(routes[e.route].query, request.query, 'query') as Record<string, unknown>;
        const day = new Date().toISOString().slice(0, 10);
        void reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${request.params.list}-${day}.csv"`)
          .header('cache-control', 'no-store');
        return reply.send(Readable.from(csvLines(e, request, request.auth as AuthInfo, query)));
      },
    });
  };
}

export default async function exportsFeature(app: import('fastify').FastifyInstance): Promise<void> {
  await app.register(exportRoute('/admin/export', 'admin', ADMIN as unknown as Record<string, AnyExport>));
  await app.register(exportRoute('/user/export', 'user', INVESTOR as unknown as Record<string, AnyExport>));
}
