import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import styled from 'styled-components';
import { LIABILITY_COLUMNS, LIABILITY_COLUMN_LABELS, centsToUsd, checkInclusionProof, type InclusionProof, type LiabilitySnapshot, type ProofCheck } from '@halcyon/api-client/model';
import { userAtom } from '@halcyon/api-client/http';
import { useApiQueries, useApiQuery } from '@halcyon/api-client/react';
import { Button, Table, formatCount, formatDateTime, Heading, Muted, Page, Panel, SectionTitle } from '@halcyon/shared-ui';
import { allowedAt, ownLedgerReads } from '../features/proof/ownBalances';
import { ReadState } from '@halcyon/app-kit';
import { BackLink } from '../features/navigation/BackLink';

/** SHA-256 in the browser (Web Crypto): the check does not trust the server's arithmetic. */
async function sha256Hex(message: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(message));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

interface Row {
  column: string;
  mine: number;
  total: number;
}

const columns = [
  { key: 'column', header: 'Asset' },
  { key: 'mine', header: 'Your balance', kind: 'money' as const },
  { key: 'total', header: 'Published total', kind: 'money' as const },
];

/** Offers the proof as a file, for checking with one's own script (docs/ledger.md shows how). */
function download(proof: InclusionProof, snapshot: LiabilitySnapshot) {
  const url = URL.createObjectURL(new Blob([JSON.stringify({ snapshot, proof }, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `halcyon-proof-${snapshot.id}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * /user/proof: is my balance counted in what the platform published? The browser rebuilds the
 * signed-in investor's own leaf (their uid from the session, the amounts their own ledger shows at
 * the snapshot) and the path to the published root (api-client's checkInclusionProof), and says
 * plainly whether it holds: someone else's proof is "Not verified".
 */
export default function BalanceProof() {
  const uid = useAtomValue(userAtom)?.uid;
  const snapshot = useApiQuery('latestLiabilities', undefined, { select: (r) => r.data });
  const proof = useApiQuery('getLiabilityProof', undefined, { select: (r) => r.data, retry: false });
  const [check, setCheck] = useState<ProofCheck | null>(null);
  const published = snapshot.data;
  const mine = proof.data;
  const ledger = useApiQueries('getLedger', published ? ownLedgerReads(published.createdAt) : [], { enabled: Boolean(mine) });
  // Per column, the amounts the investor's own ledger allows at the snapshot (null: it cannot tell;
  // a failed read cannot either), once every read has answered. As text: the reads' array is new
  // on every render, the amounts are not.
  const ownText =
    published && ledger.length > 0 && ledger.every((q) => q.isSuccess || q.isError)
      ? JSON.stringify(ledger.map((q) => (q.data ? allowedAt(q.data.data, q.data.page.nextCursor !== null, published.createdAt) : null)))
      : null;
  const own = useMemo(() => (ownText ? (JSON.parse(ownText) as Array<string[] | null>) : null), [ownText]);
  const unknown = own ? LIABILITY_COLUMNS.filter((_c, i) => own[i] === null).map((c) => LIABILITY_COLUMN_LABELS[c]) : [];

  useEffect(() => {
    if (!published || !mine || !own) return;
    let current = true;
    setCheck(null);
    checkInclusionProof(mine, published, sha256Hex, { uid: uid ?? '', balances: own }).then(
      (result) => current && setCheck(result),
      () => current && setCheck({ ok: false, problem: 'This browser could not compute the check (Web Crypto is unavailable).' }),
    );
    return () => {
      current = false;
    };
  }, [published, mine, own, uid]);

  const rows: Row[] =
    published && mine
      ? LIABILITY_COLUMNS.map((c, i) => ({ column: LIABILITY_COLUMN_LABELS[c], mine: centsToUsd(mine.balances[i] ?? '0'), total: centsToUsd(published.totals[i] ?? '0') }))
      : [];

  return (
    <Page>
      <BackLink />
      <Heading>Proof of liabilities</Heading>
      <Muted>
        From time to time the platform publishes the total it owes its investors, in a form that lets each investor check their own balances
        are part of it. Your browser does that check here, with its own arithmetic.
      </Muted>
      <ReadState query={snapshot} fallback="Failed to fetch the published snapshot." loading="Loading the published snapshot..." />
      {snapshot.isSuccess && !published && <Panel><p>No snapshot has been published yet.</p></Panel>}
      {published && <ReadState query={proof} fallback="Failed to fetch your proof." loading="Loading your proof..." />}
      {published && mine && (
        <Panel aria-labelledby="proof-verdict">
          <SectionTitle id="proof-verdict">Snapshot of {formatDateTime(published.createdAt)}</SectionTitle>
          <Verdict role="status" $state={check === null ? 'checking' : check.ok ? 'ok' : 'failed'}>
            {check === null
              ? 'Checking your proof…'
              : check.ok
                ? 'Verified: the platform counted your balances below in what it declared it owes its investors, and could not have left them out or made them smaller without this check failing.'
                : `Not verified: ${check.problem}`}
          </Verdict>
          {/* Another account's amounts are not shown as the investor's own. */}
          {mine.uid === uid && (
            <Table caption="Your balances in the snapshot and the published totals" columns={columns} rows={rows} getRowKey={(r: Row) => r.column} />
          )}
          {check && unknown.length > 0 && (
            <Muted>
              Your statement could not be read back to the snapshot for {unknown.join(', ')}: compare {unknown.length === 1 ? 'that balance' : 'those balances'} with
              your statement yourself.
            </Muted>
          )}
          <Muted>Your balances are as of the snapshot; your dashboard shows today&apos;s.</Muted>
          {/* The technical detail, for whoever checks it with their own tools. */}
          <Details>
            <summary>How this is checked</summary>
            <Muted>
              The published totals are the root of a Merkle sum tree over every investor&apos;s balances: <Hash>{published.rootHash}</Hash> over{' '}
              {formatCount(published.leafCount)} accounts. Your browser rebuilds your own entry from your statement and follows the
              proof&apos;s path up to that root.
            </Muted>
            {published.ledgerHead && (
              <Muted>
                Ledger seal #{published.ledgerHead.seal} when published: <Hash>{published.ledgerHead.hash}</Hash>. Keeping it lets anyone detect a
                later rewrite of the ledger.
              </Muted>
            )}
          </Details>
          <div>
            <Button variant="secondary" onClick={() => download(mine, published)}>
              Download proof (JSON)
            </Button>
          </div>
        </Panel>
      )}
    </Page>
  );
}

const Verdict = styled.p<{ $state: 'checking' | 'ok' | 'failed' }>`
  margin: 0;
  font-weight: 700;
  color: ${({ theme, $state }) => ($state === 'ok' ? theme.colors.success : $state === 'failed' ? theme.colors.danger : theme.colors.textMuted)};
`;

const Details = styled.details`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  summary { cursor: pointer; color: ${({ theme }) => theme.colors.info}; min-height: 24px; }
`;

const Hash = styled.code`
  overflow-wrap: anywhere;
`;
