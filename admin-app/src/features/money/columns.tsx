import type { Deposit, Transaction } from '@halcyon/api-client/model';
import { capitalize } from '@halcyon/shared-ui';
import { TxidLink } from '@halcyon/app-kit';
import { BY_DATE } from '../../lib/useList';

/** Who a money record belongs to (the contract's user reference). */
type UserRef = { name: string; email: string };


const name = { key: 'name', header: 'Name', render: (row: { user: UserRef }) => row.user.name };
const email = { key: 'email', header: 'Email', render: (row: { user: UserRef }) => row.user.email };
const method = { key: 'method', header: 'Method', kind: 'method' as const };
const amount = { key: 'amount', header: 'Amount', kind: 'money' as const };
const date = { key: 'createdAt', header: 'Date', kind: 'date' as const, serverSort: BY_DATE };
const status = { key: 'status', header: 'Status', kind: 'status' as const };

/** Deposits: who, how, how much (largest first on request), when, state. */
export const moneyColumns = [name, email, method, { ...amount, serverSort: { descending: 'amount' } }, date, status];

/** The transaction that paid a deposit on the chain (issue 26): its short id, linking the explorer when one is configured. */
const paidBy = (paid: { txid?: string | null; explorerUrl?: string | null } | null | undefined) =>
  paid?.txid ? <TxidLink txid={paid.txid} explorerUrl={paid.explorerUrl ?? null} /> : null;

/** Deposit history adds the paying transaction of a deposit paid on the chain (its quote's payment). */
export const depositHistoryColumns = [...moneyColumns, { key: 'txid', header: 'Transaction ID', render: (d: Deposit) => paidBy(d.payment) }];

/** Withdrawals add where the money goes, as recorded when requested (the address, or the bank with masked numbers). */
export const withdrawalColumns = [...moneyColumns.slice(0, 3), { key: 'destination', header: 'Pays to' }, ...moneyColumns.slice(3)];

/** Every kind of movement, a deposit paid on the chain with its transaction; the server orders these by date only. */
export const transactionColumns = [
  name, email, { key: 'type', header: 'Type', render: (t: Transaction) => capitalize(t.type) }, method, amount, date, status,
  { key: 'txid', header: 'Transaction ID', render: (t: Transaction) => paidBy(t) },
];
