import { Input } from '@halcyon/shared-ui';
import type { UserProfile } from '@halcyon/api-client/model';

const noop = () => undefined;

/** Name, username and email: shown on Profile and Settings, never editable there. */
export function IdentityFields({ profile }: { profile: UserProfile }) {
  return (
    <>
      <Input label="Name" name="name" value={profile.name} onChange={noop} readOnly />
      <Input label="Username" name="username" value={profile.username} onChange={noop} readOnly />
      <Input label="Email" name="email" type="email" value={profile.email} onChange={noop} readOnly />
    </>
  );
}
