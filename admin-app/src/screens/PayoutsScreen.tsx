import { useMemo, useState } from 'react';
import type { AdminPayout } from '@halcyon/api-client/model';
import { Table } from '@halcyon/shared-ui';
import { ReadState } from '@halcyon/app-kit';
import { Screen } from '../lib/Screen';
import { Alerts } from '../features/payouts/Alerts';
import { HotWallets } from '../features/payouts/HotWallets';
import { Signers } from '../features/payouts/Signers';
import type { OfflinePayout } from '../features/payouts/OfflineSigning';
import { UploadSignedModal } from '../features/payouts/UploadSignedModal';
import { payoutColumns } from '../features/payouts/payoutColumns';
import { PAYOUTS_FAILED, usePayoutsOverview } from '../features/payouts/queries';

/** How often the screen reads the payouts again while it is shown (TanStack Query pauses in a hidden tab). */
const REFRESH_MS = 5_000;

/**
 * Payouts (`/admin/payouts`, issue 27; docs/chain.md "Payouts"): what needs an admin now, the
 * signer processes, the hot wallets against their limits and queues, and the payouts with their
 * transactions; a payout above the hot limits is signed offline from here (download the unsigned
 * transaction, upload the signed one). Read again every 5 s while visible and on focus.
 */
export default function PayoutsScreen() {
  const overview = usePayoutsOverview({ every: REFRESH_MS });
  // The payout as it was when Upload signed was pressed: the dialog stays open over the refreshes.
  const [uploading, setUploading] = useState<OfflinePayout | null>(null);
  const columns = useMemo(() => payoutColumns(setUploading), []);
  return (
    <Screen title="Payouts">
      <p>
        Approved withdrawals on a watched chain are paid by the signer from its hot wallet; a payout above the hot limits waits for an offline
        signature. This page reads the payouts again every 5 seconds.
      </p>
      <ReadState query={overview} fallback={PAYOUTS_FAILED} loading="Loading the payouts">
        {(data) => (
          <>
            <Alerts alerts={data.alerts} />
            <Signers signers={data.signers} />
            <HotWallets wallets={data.wallets} />
            <Table
              caption="Open and recent payouts"
              showCaption
              columns={columns}
              rows={data.payouts}
              getRowKey={(p: AdminPayout) => p.id}
              emptyMessage="No payout is open."
              searchable
              searchLabel="Search payouts"
              pageSize={15}
            />
          </>
        )}
      </ReadState>
      {uploading ? <UploadSignedModal payout={uploading} onClose={() => setUploading(null)} /> : null}
    </Screen>
  );
}
