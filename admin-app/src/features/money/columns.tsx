/** Who a money record belongs to (the contract's user reference). */
type UserRef = { name: string; email: string };

/** Columns shared by deposits, withdrawals and transactions: who, how, how much, when, state. */
export const moneyColumns = [
  { key: 'name', header: 'Name', sortable: true, render: (row: { user: UserRef }) => row.user.name },
  { key: 'email', header: 'Email', sortable: true, render: (row: { user: UserRef }) => row.user.email },
  { key: 'method', header: 'Method', kind: 'method' as const, sortable: true },
  { key: 'amount', header: 'Amount', kind: 'money' as const, sortable: true },
  { key: 'createdAt', header: 'Date', kind: 'date' as const, sortable: true },
  { key: 'status', header: 'Status', kind: 'status' as const, sortable: true },
];

/** Withdrawals add where the money went. */
export const withdrawalColumns = [...moneyColumns.slice(0, 3), { key: 'address', header: 'Address' }, ...moneyColumns.slice(3)];
