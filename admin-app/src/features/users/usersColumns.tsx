import type { AdminUserRow } from '@halcyon/api-client/model';
import styled from 'styled-components';
import { PASSWORD_MASK } from '../../lib/format';

export type NumberedUser = AdminUserRow & { sn: number };

/** The spec's users table: S/N, Name, Email, Username, Password (masked, never the password); the server sorts by name. */
export const userColumns = [
  { key: 'sn', header: 'S/N' },
  { key: 'name', header: 'Name', serverSort: { ascending: 'name' }, render: (u: NumberedUser) => <NameCell user={u} /> },
  { key: 'email', header: 'Email' },
  { key: 'username', header: 'Username' },
  { key: 'password', header: 'Password', render: () => <span title="Passwords are never shown">{PASSWORD_MASK}</span> },
];

const Locked = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: 600;
`;

/** The name, and under it whether its owner locked the account from an alert, and why (docs/security.md "Alerts"). */
function NameCell({ user }: { user: AdminUserRow }) {
  return (
    <>
      {user.name}
      {user.frozen ? <Locked title={`Since ${user.frozen.since}`}>Locked: {user.frozen.reason}</Locked> : null}
    </>
  );
}
