import type { EndpointName } from './endpoints';
import type { QueryOf } from './routes';

/**
 * The CSV exports (issue 10), each with the list whose query it takes: `GET /api<path>` answers
 * `text/csv` with a `Content-Disposition` file name, streamed. Not in the endpoint table, which
 * describes JSON calls; `downloadCsv` (http.ts) calls them and the test stub checks their queries.
 */
export const CSV_EXPORTS = {
  '/admin/export/users': 'listUsers',
  '/admin/export/deposits': 'listDeposits',
  '/admin/export/withdrawals': 'listWithdrawals',
  '/admin/export/investments': 'listInvestments',
  '/admin/export/earnings': 'listEarnings',
  '/admin/export/transactions': 'allTransactions',
  '/user/export/transactions': 'getTransactions',
  '/user/export/investments': 'getInvestments',
  '/user/export/ledger': 'getLedger',
} as const satisfies Record<string, EndpointName>;

export type CsvExport = keyof typeof CSV_EXPORTS;

/** An export takes its list's filters, search and sort; never a page (`limit`, `cursor`). */
export type ExportQuery<P extends CsvExport> = Omit<QueryOf<(typeof CSV_EXPORTS)[P]>, 'limit' | 'cursor'>;
