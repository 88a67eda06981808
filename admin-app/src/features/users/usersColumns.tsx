import type { AdminUserRow } from '@halcyon/api-client';
import { PASSWORD_MASK } from '../../lib/format';

export type NumberedUser = AdminUserRow & { sn: number };

/** The spec's users table: S/N, Name, Email, Username, Password (masked, never the password). */
export const userColumns = [
  { key: 'sn', header: 'S/N', sortable: true },
  { key: 'name', header: 'Name', sortable: true },
  { key: 'email', header: 'Email', sortable: true },
  { key: 'username', header: 'Username', sortable: true },
  { key: 'password', header: 'Password', render: () => <span title="Passwords are never shown">{PASSWORD_MASK}</span> },
];
