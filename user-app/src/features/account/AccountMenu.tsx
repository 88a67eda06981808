import { useAtom } from 'jotai';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import { Dropdown } from '@halcyon/shared-ui';
import type { UserProfile } from '@halcyon/api-client/model';
import { dropdownAtom, endSession } from '@halcyon/api-client/http';
import { LogoutIcon, SettingsIcon, ShieldIcon, UserIcon } from '../../lib/icons';
import { Avatar } from '../../lib/Avatar';

/** Avatar dropdown: name, email, Profile, Settings, Logout (spec 2). Open state is the session's dropdown slice. */
export function AccountMenu({ user }: { user: UserProfile }) {
  const [dropdown, setDropdown] = useAtom(dropdownAtom);
  const navigate = useNavigate();
  const close = () => setDropdown({ open: false });

  // The server revokes the token; the session is cleared at once whether or not it answers.
  const logout = () => {
    void endSession('user');
    navigate('/auth/login');
  };

  return (
    <Dropdown
      open={dropdown.open}
      onOpenChange={(open) => setDropdown({ open })}
      triggerLabel="Account menu"
      trigger={<Avatar src={user.profilePic} name={user.name} />}
    >
      <Menu>
        <Who>
          <strong>{user.name}</strong>
          <span>{user.email}</span>
        </Who>
        <Item as={Link} to="/user/profile" onClick={close}>
          <UserIcon size={18} /> Profile
        </Item>
        <Item as={Link} to="/user/setting" onClick={close}>
          <SettingsIcon size={18} /> Settings
        </Item>
        <Item as={Link} to="/user/security" onClick={close}>
          <ShieldIcon size={18} /> Security
        </Item>
        <Item type="button" onClick={logout}>
          <LogoutIcon size={18} /> Logout
        </Item>
      </Menu>
    </Dropdown>
  );
}

const Menu = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 220px;
  padding: ${({ theme }) => theme.space(2)};
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  margin-bottom: ${({ theme }) => theme.space(2)};
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.small}; overflow-wrap: anywhere; }
`;

const Item = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 0;
  border-radius: ${({ theme }) => theme.radiusSmall};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: -3px; }
`;
