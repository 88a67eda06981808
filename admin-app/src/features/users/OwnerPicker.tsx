import { useState } from 'react';
import type { AdminUserRow } from '@halcyon/api-client/model';
import { queryError, useApiQuery } from '@halcyon/api-client/react';
import { SearchBox, Select } from '@halcyon/shared-ui';
import { dataOf } from '../../lib/select';
import { USERS_FAILED } from './queries';

/** A search names a person: a handful of matches is enough, never the whole user base. */
const MATCHES = 20;
const label = (u: AdminUserRow) => `${u.name} (${u.email})`;

interface OwnerPickerProps {
  /** The chosen user's uid; '' for everyone (a public plan). */
  value: string;
  onChange(uid: string): void;
}

/** Create Plan's owner: type to find users (the server's search), then pick one of the matches. */
export function OwnerPicker({ value, onChange }: OwnerPickerProps) {
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<AdminUserRow | null>(null);
  const users = useApiQuery('listUsers', { query: { q, limit: MATCHES } }, { enabled: q !== '', select: dataOf, placeholderData: (previous) => previous });
  const found = q ? (users.data ?? []) : [];
  // The chosen user stays on offer while another search runs.
  const picked = chosen && chosen.uid === value ? [chosen] : [];
  const options = [{ value: '', label: 'Everyone (public plan)' }, ...[...picked, ...found.filter((u) => u.uid !== value)].map((u) => ({ value: u.uid, label: label(u) }))];
  const error = queryError(users, USERS_FAILED);
  const hint = error ? `${error} Plans can still be created for everyone.` : !q ? 'Search by name, username or email to offer the plan to one user.' : users.data?.length === 0 ? 'No users match.' : undefined;

  return (
    <>
      <SearchBox label="Find owner user" onSearch={setQ} />
      <Select
        label="Owner user"
        name="uid"
        value={value}
        hint={hint}
        onChange={(uid) => {
          setChosen(found.find((u) => u.uid === uid) ?? null);
          onChange(uid);
        }}
        options={options}
      />
    </>
  );
}
