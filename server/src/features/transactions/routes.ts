import { csvMoneyCell as money, csvTextCell as cell, type LedgerEntry, type Transaction } from '@halcyon/api-client/contract';
import { csvExport } from '../../http/csv-export';
import { defineRoute, feature } from '../../http/define-route';
import { portfolioHistory } from '../../services/portfolio';
import { listLedger, listTransactions } from '../../services/transactions';

const COLUMNS = {
  header: ['Id', 'Date (UTC)', 'Name', 'Email', 'Type', 'Method', 'Amount (USD)', 'Status', 'Source'],
  cells: (t: Transaction) => [cell(t.id), cell(t.createdAt), cell(t.user.name), cell(t.user.email), cell(t.type), cell(t.method), money(t.amount), cell(t.status), cell(t.source)],
};

export default feature(
  // The caller's own: uid comes from the token, so a cursor or filter can never reach another's.
  defineRoute('getTransactions', async ({ auth, db, deps, query }) => listTransactions(db, deps, { ...query, uid: auth.uid })),
  defineRoute('allTransactions', async ({ db, deps, query }) => listTransactions(db, deps, query)),
  defineRoute('getLedger', async ({ auth, db, deps, query }) => listLedger(db, deps, auth.uid, query)),
  csvExport('/admin/export/transactions', { ...COLUMNS, read: (_request, _auth, query, deps) => listTransactions(deps.db, deps, query) }),
  csvExport('/user/export/transactions', { ...COLUMNS, read: (_request, auth, query, deps) => listTransactions(deps.db, deps, { ...query, uid: auth.uid }) }),
  csvExport('/user/export/ledger', {
    header: ['Date (UTC)', 'Entry', 'Reason', 'By', 'Asset', 'Account', 'Amount (USD)', 'Account balance after', 'Asset balance after'],
    cells: (e: LedgerEntry) => [
      cell(e.createdAt), cell(e.kind), cell(e.reason), cell(e.actor), cell(e.asset), cell(e.account), money(e.amount), money(e.balanceAfter), money(e.assetBalanceAfter),
    ],
    read: (_request, auth, query, deps) => listLedger(deps.db, deps, auth.uid, query),
  }),
  defineRoute('getPortfolioHistory', async ({ auth, db, deps, query }) => ({ data: await portfolioHistory(db, auth.uid, query.range, deps.clock.now()) })),
);
