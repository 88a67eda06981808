import { useState } from 'react';
import { EmptyState, Facts, Input, ListCard, LoadMore, StatusBadge, formatDate, formatDateTime, formatUsd, Grid, Heading, Page } from '@halcyon/shared-ui';
import type { Investment } from '@halcyon/api-client/model';
import { useApiPages } from '@halcyon/api-client/react';
import { BackLink } from '../features/navigation/BackLink';
import { assetByAbbr } from '../lib/assets';
import { ReadState } from '@halcyon/app-kit';

/** Case-insensitive substring match on the transaction id. */
const matchesId = (inv: Investment, query: string) => inv.id.toLowerCase().includes(query.trim().toLowerCase());

/**
 * /user/investment-log ("My trade"): the investor's investments as cards, newest first a page at a
 * time, searchable by id among those loaded (the investor's list has no server search).
 */
export default function InvestmentLog() {
  const investments = useApiPages('getInvestments');
  const { data } = investments;
  const [query, setQuery] = useState('');
  const rows = (data ?? []).filter((inv) => matchesId(inv, query));

  return (
    <Page>
      <BackLink />
      <Heading>Investment log</Heading>
      <div role="search">
        <Input label="Search by transaction ID" name="search" type="text" value={query} onChange={setQuery} placeholder="Transaction ID" autoComplete="off" />
      </div>
      <ReadState query={investments} fallback="Failed to fetch investments." loading="Loading investments..." />
      {data && rows.length === 0 ? <EmptyState message="No investment transactions found." /> : null}
      {rows.length > 0 ? (
        <Grid as="ol" $min={300} aria-label="Investments">
          {rows.map((inv, index) => (
            <ListCard
              key={inv.id}
              title={`#${index + 1}`}
              after={
                <span aria-label={`Status: ${inv.status}`}>
                  <StatusBadge status={inv.status} />
                </span>
              }
            >
              <Facts>
                <dt>Transaction ID</dt>
                <dd>{inv.id}</dd>
                <dt>Network</dt>
                <dd>BEP-20</dd>
                <dt>Gateway</dt>
                <dd>{assetByAbbr(inv.asset)?.name ?? inv.asset}</dd>
                <dt>Asset</dt>
                <dd>{inv.method}</dd>
                <dt>Plan</dt>
                <dd>{inv.plan_name ?? 'Plan'}</dd>
                <dt>Amount</dt>
                <dd>{formatUsd(inv.amount)}</dd>
                <dt>Date</dt>
                <dd>{formatDateTime(inv.createdAt)}</dd>
                <dt>End date</dt>
                {/* The server's end date (createdAt + duration days, spec 9): the one the maturity job pays on. */}
                <dd>{formatDate(inv.endDate)}</dd>
              </Facts>
            </ListCard>
          ))}
        </Grid>
      ) : null}
      <LoadMore hasMore={investments.hasNextPage} onLoadMore={investments.fetchNextPage} loading={investments.isFetchingNextPage} />
    </Page>
  );
}

