import { useState, type ReactNode } from 'react';
import { Checkbox, Input } from '@halcyon/shared-ui';

/**
 * How a security change is confirmed (docs/security.md "Two-factor", "Passkeys"): the account's
 * password typed again, or one of its passkeys, asked when the change is sent. A stolen session
 * alone is not enough.
 */
export type IdentityProof = { password: string } | { passkey: true };

export interface IdentityProofFields {
  /** null until the person has given one. */
  proof: IdentityProof | null;
  /** Render where the fields go: 'Your password', and with a passkey on the account the choice to use it instead. */
  fields: ReactNode;
  /** After a change: the password is not kept. */
  clear(): void;
}

/** The password field of a security change, with a passkey as the alternative when the account has one. */
export function useIdentityProof(hasPasskey: boolean, name: string, hint?: string): IdentityProofFields {
  const [password, setPassword] = useState('');
  const [withPasskey, setWithPasskey] = useState(false);
  const passkey = hasPasskey && withPasskey;
  const fields = (
    <>
      {passkey ? null : <Input label="Your password" name={name} type="password" value={password} onChange={setPassword} autoComplete="current-password" hint={hint} />}
      {hasPasskey ? <Checkbox label="Confirm with a passkey instead of my password" checked={withPasskey} onChange={setWithPasskey} /> : null}
    </>
  );
  return { proof: passkey ? { passkey: true } : password ? { password } : null, fields, clear: () => setPassword('') };
}
