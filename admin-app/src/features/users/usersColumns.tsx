import type { AdminUserRow } from '@halcyon/api-client';
import { PASSWORD_MASK } from '../../lib/format';

export type NumberedUser = AdminUserRow & { sn: number };

/** The spec's users table: S/N, Name, Email, Username, Password (masked, never the password); the server sorts by name. */
export const userColumns = [
  { key: 'sn', header: 'S/N' },
  { key: 'name', header: 'Name', serverSort: { ascending: 'name' } },
  { key: 'email', header: 'Email' },
  { key: 'username', header: 'Username' },
  { key: 'password', header: 'Password', render: () => <span title="Passwords are never shown">{PASSWORD_MASK}</span> },
];
