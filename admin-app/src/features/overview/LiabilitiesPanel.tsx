import styled from 'styled-components';
import { LIABILITY_COLUMNS, LIABILITY_COLUMN_LABELS, centsToUsd, type LiabilitySnapshot } from '@halcyon/api-client/model';
import { useApiMutation, useApiQuery } from '@halcyon/api-client/react';
import { Button, Table, formatCount, formatDateTime } from '@halcyon/shared-ui';
import { ReadState, withToasts } from '@halcyon/app-kit';
import { dataOf } from '../../lib/select';

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.large}; }
  p { margin: 0; }
`;

const Root = styled.code`
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Verdict = styled.p<{ $ok: boolean }>`
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
  font-weight: 600;
`;

interface TotalRow {
  column: string;
  total: number;
}

const totalColumns = [
  { key: 'column', header: 'Liability' },
  { key: 'total', header: 'Published total', kind: 'money' as const },
];

const totalsOf = (s: LiabilitySnapshot): TotalRow[] =>
  LIABILITY_COLUMNS.map((c, i) => ({ column: LIABILITY_COLUMN_LABELS[c], total: centsToUsd(s.totals[i] ?? '0') }));

/**
 * Proof of liabilities beside custody (docs/ledger.md): the latest published root and totals, the
 * server's recheck of the whole tree, and publishing a new snapshot of every investor's balances.
 */
export function LiabilitiesPanel() {
  const latest = useApiQuery('latestLiabilities', undefined, { select: dataOf });
  const audit = useApiQuery('auditLiabilities', undefined, { select: dataOf });
  const publish = useApiMutation('publishLiabilities', { invalidates: ['latestLiabilities', 'auditLiabilities'] });
  return (
    <Panel aria-labelledby="liabilities-heading">
      <h2 id="liabilities-heading">Proof of liabilities</h2>
      <ReadState query={latest} fallback="Failed to fetch the published snapshot." loading="Loading the published snapshot">
        {(snapshot) =>
          snapshot ? (
            <>
              <p>
                Published {formatDateTime(snapshot.createdAt)} over {formatCount(snapshot.leafCount)} investor accounts. Root:{' '}
                <Root>{snapshot.rootHash}</Root>
              </p>
              {snapshot.ledgerHead && (
                <p>
                  Ledger seal #{snapshot.ledgerHead.seal} at publication: <Root>{snapshot.ledgerHead.hash}</Root>
                </p>
              )}
              {audit.data && audit.data.snapshotId === snapshot.id && (
                <Verdict $ok={audit.data.ok}>
                  {audit.data.ok ? 'Rechecked: every node adds up and every investor account is in the tree.' : `Recheck failed: ${audit.data.problem ?? ''}`}
                </Verdict>
              )}
              <Table caption="Published liability totals" columns={totalColumns} rows={totalsOf(snapshot)} getRowKey={(r: TotalRow) => r.column} />
              <p>Owed to users now is in the table above; the published totals are as of the snapshot.</p>
            </>
          ) : (
            <p>No snapshot published yet. Publishing one lets every investor check that their balance is counted in the total.</p>
          )
        }
      </ReadState>
      <div>
        <Button
          loading={publish.isPending}
          disabled={publish.isPending}
          onClick={() => void withToasts({ success: 'Proof of liabilities published.', failure: 'Failed to publish the snapshot.' }, () => publish.mutateAsync({}))}
        >
          Publish new snapshot
        </Button>
      </div>
    </Panel>
  );
}
