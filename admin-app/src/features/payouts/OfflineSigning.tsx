import { useId } from 'react';
import styled from 'styled-components';
import type { AdminPayout } from '@halcyon/api-client/model';
import { saveFile } from '@halcyon/api-client/http';
import { useApiMutation } from '@halcyon/api-client/react';
import { Button } from '@halcyon/shared-ui';
import { withToasts } from '@halcyon/app-kit';
import { RowActions } from '../../lib/RowActions';

const DOWNLOAD_FAILED = 'Failed to download the unsigned transaction.';

/** An offline payout: one waiting for an admin's offline signature. */
export type OfflinePayout = AdminPayout & { offline: NonNullable<AdminPayout['offline']> };

export const isOffline = (p: AdminPayout): p is OfflinePayout => p.status === 'offline' && p.offline !== null;

/** What a payout's buttons say it is about: '0.5 BTC to Jane Doe'. */
export const payoutLabel = (p: AdminPayout) => `${p.cryptoAmount} ${p.coin} to ${p.user.name}`;

/**
 * An offline payout's row: Download unsigned (once the signer has built it) saves the transaction
 * to sign as a file; Upload signed opens the upload. Says when an upload is being checked, and why
 * the last one was refused.
 */
export function OfflineSigning({ payout, onUpload }: { payout: OfflinePayout; onUpload: () => void }) {
  const preparing = useId();
  const unsigned = useApiMutation('unsignedPayout');
  const { ready, uploaded, rejection } = payout.offline;

  const download = () =>
    withToasts({ success: (filename: string) => `Saved ${filename}: sign it offline, then upload the signed transaction.`, failure: DOWNLOAD_FAILED }, async () => {
      const { data } = await unsigned.mutateAsync({ input: { params: { id: payout.id } } });
      saveFile(new Blob([data.unsigned], { type: 'text/plain' }), data.filename);
      return data.filename;
    });

  return (
    <Cell>
      <RowActions>
        <Button
          size="small"
          variant="secondary"
          aria-label={`Download unsigned: ${payoutLabel(payout)}`}
          aria-describedby={ready ? undefined : preparing}
          disabled={!ready || unsigned.isPending}
          loading={unsigned.isPending}
          onClick={() => void download()}
        >
          Download unsigned
        </Button>
        <Button size="small" aria-label={`Upload signed: ${payoutLabel(payout)}`} disabled={uploaded} onClick={onUpload}>
          Upload signed
        </Button>
      </RowActions>
      {ready ? null : <Note id={preparing}>Being prepared by the signer.</Note>}
      {uploaded ? <Note>Signed transaction uploaded: checking…</Note> : null}
      {!uploaded && rejection ? <Refused>Last upload refused: {rejection}</Refused> : null}
    </Cell>
  );
}

/**
 * Buttons, then what they wait for: the notes wrap within a column of their own instead of widening
 * the table (from 600 px, where Table is a table; below, its cards are as wide as the screen).
 */
const Cell = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  white-space: normal;
  @media (min-width: 600px) {
    min-width: 22rem;
    max-width: 26rem;
  }
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Refused = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
  overflow-wrap: anywhere;
`;
