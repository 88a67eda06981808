import { useId, useState } from 'react';
import { Button, formatDateTime, Input, Table } from '@halcyon/shared-ui';
import { ReadState, type ReadQuery } from '../kit/ReadState';
import { withToasts } from '../kit/withToasts';
import { Section } from './Section';
import { useIdentityProof, type IdentityProof } from './IdentityProof';

export interface PasskeyRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PasskeysView {
  query: ReadQuery<readonly PasskeyRow[]>;
  /** Whether this browser can create and use passkeys (WebAuthn). */
  supported: boolean;
  /** Confirms (password or passkey), creates a passkey on this device, stores it: resolves with the server's message. */
  add(name: string, proof: IdentityProof): Promise<string>;
  remove(id: string, proof: IdentityProof): Promise<string>;
}

/**
 * Passkeys on the Security screen (docs/security.md "Passkeys"): the caller's passkeys with when
 * each was added and last used, "Add a passkey" (a name, and the password, or an existing passkey),
 * and "Remove" on each (with the password or a passkey). The server's messages are the toasts.
 */
export function PasskeysPanel({ query, supported, add, remove }: PasskeysView) {
  const rows = query.data;
  const [name, setName] = useState('');
  // What runs: 'add' or the id of the passkey being removed.
  const [running, setRunning] = useState<string | null>(null);
  const identity = useIdentityProof((rows?.length ?? 0) > 0, 'passkeyPassword', 'Adding or removing a passkey needs your password.');
  const proof = identity.proof;
  // One group: a change that goes through closes the errors of the tries before it.
  const group = useId();

  const run = async (key: string, change: (proof: IdentityProof) => Promise<string>, fallback: string) => {
    if (!proof) return;
    setRunning(key);
    const sent = await withToasts({ success: (message: string) => message, failure: fallback }, () => change(proof), group);
    setRunning(null);
    if (!sent.ok) return;
    identity.clear();
    if (key === 'add') setName('');
  };

  const columns = [
    { key: 'name', header: 'Name' },
    { key: 'createdAt', header: 'Added', render: (p: PasskeyRow) => formatDateTime(p.createdAt) },
    { key: 'lastUsedAt', header: 'Last used', render: (p: PasskeyRow) => (p.lastUsedAt ? formatDateTime(p.lastUsedAt) : 'Never') },
    {
      key: 'actions',
      header: 'Actions',
      render: (p: PasskeyRow) => (
        <Button
          size="small"
          variant="secondary"
          disabled={running !== null || !proof}
          loading={running === p.id}
          aria-label={`Remove ${p.name}`}
          onClick={() => void run(p.id, (given) => remove(p.id, given), 'Failed to remove the passkey.')}
        >
          Remove
        </Button>
      ),
    },
  ];

  const list = (
    <ReadState query={query} fallback="Failed to fetch your passkeys." loading="Loading your passkeys">
      {(loaded) => (loaded.length ? <Table caption="Your passkeys" columns={columns} rows={loaded} getRowKey={(p: PasskeyRow) => p.id} /> : <p>You have no passkeys yet.</p>)}
    </ReadState>
  );

  return (
    <Section aria-labelledby="security-passkeys">
      <h2 id="security-passkeys">Passkeys</h2>
      <p>
        Sign in with your device&apos;s fingerprint, face or screen lock instead of your password. A passkey also confirms withdrawals and security changes in
        place of a code. Add one on each device you use.
      </p>
      {list}
      {supported ? (
        <Input label="Passkey name" name="passkeyName" value={name} onChange={setName} maxLength={60} autoComplete="off" placeholder="e.g. Work laptop" />
      ) : (
        <p>This browser cannot create passkeys.</p>
      )}
      {supported || (rows?.length ?? 0) > 0 ? identity.fields : null}
      {supported ? (
        <div>
          <Button
            disabled={running !== null || !proof || !name.trim()}
            loading={running === 'add'}
            onClick={() => void run('add', (given) => add(name.trim(), given), 'Failed to add the passkey.')}
          >
            Add a passkey
          </Button>
        </div>
      ) : null}
    </Section>
  );
}
