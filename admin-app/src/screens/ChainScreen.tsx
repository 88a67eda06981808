import type { ChainPaymentRow, ChainReserve, ChainStatus } from '@halcyon/api-client/model';
import { Muted, SectionTitle, Table } from '@halcyon/shared-ui';
import { ReadState } from '@halcyon/app-kit';
import { Screen } from '../lib/Screen';
import { Followers } from '../features/chain/Followers';
import { attentionColumns, flaggedColumns, reserveColumns } from '../features/chain/chainTables';
import { CHAIN_FAILED, useChainStatus } from '../features/chain/queries';

/** How often the screen reads the chains again while it is shown (TanStack Query pauses in a hidden tab). */
const REFRESH_MS = 10_000;

type Flag = ChainStatus['flagged'][number];

/**
 * Chains (`/admin/chain`, issue 26; docs/chain.md): each chain's follower (how far it has read,
 * the node's tip, its lag, reorganisations and last error), the payments that need an eye, what
 * the investors' addresses hold beside what the ledger owes, and the accounts flagged for review.
 * Read again every 10 s while visible.
 */
export default function ChainScreen() {
  const status = useChainStatus({ every: REFRESH_MS });
  return (
    <Screen title="Chains">
      <p>
        Deposits paid to investors&apos; own addresses are credited by each chain&apos;s follower once they have their confirmations. This page
        reads the chains again every 10 seconds.
      </p>
      <ReadState query={status} fallback={CHAIN_FAILED} loading="Loading the chains">
        {(data) => (
          <>
            <section aria-labelledby="chain-followers">
              <SectionTitle id="chain-followers">Followers</SectionTitle>
              <Followers followers={data.followers} />
            </section>
            <Table
              caption="Payments that need an eye"
              showCaption
              columns={attentionColumns}
              rows={data.attention}
              getRowKey={(p: ChainPaymentRow) => p.id}
              emptyMessage="No payment needs an eye."
              pageSize={10}
            />
            <Table caption="Reserves" showCaption columns={reserveColumns} rows={data.reserves} getRowKey={(r: ChainReserve) => r.chain} emptyMessage="No reserve measured yet." />
            <Muted>
              On chain counts the investors&apos; own addresses only. Deposits paid to the shared addresses and approved by review are owed
              too, so a chain that also took such deposits shows them as a shortfall here.
            </Muted>
            <Table
              caption="Accounts flagged for review"
              showCaption
              columns={flaggedColumns}
              rows={data.flagged}
              getRowKey={(f: Flag) => f.uid}
              emptyMessage="No account is flagged."
              pageSize={10}
            />
          </>
        )}
      </ReadState>
    </Screen>
  );
}
