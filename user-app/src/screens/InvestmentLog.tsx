import { useState } from 'react';
import styled from 'styled-components';
import { EmptyState, Input, StatusBadge, formatDate, formatDateTime, formatUsd } from '@halcyon/shared-ui';
import { useApiQuery, type Investment } from '@halcyon/api-client';
import { BackLink } from '../features/navigation/BackLink';
import { assetByAbbr } from '../lib/assets';
import { ReadState } from '../lib/ReadState';
import { Facts, Grid, Heading, Page } from '../lib/ui';

/** Case-insensitive substring match on the transaction id. */
export const matchesId = (inv: Investment, query: string) => inv.id.toLowerCase().includes(query.trim().toLowerCase());

/** /user/investment-log ("My trade"): the investor's investments as cards, searchable by id. */
export default function InvestmentLog() {
  const investments = useApiQuery('getInvestments');
  const data = investments.data?.data;
  const [query, setQuery] = useState('');
  const rows = (data ?? []).filter((inv) => matchesId(inv, query)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));

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
            <Card key={inv.id} aria-labelledby={`inv-${inv.id}`}>
              <header>
                <h2 id={`inv-${inv.id}`}>#{index + 1}</h2>
                <span aria-label={`Status: ${inv.status}`}>
                  <StatusBadge status={inv.status} />
                </span>
              </header>
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
            </Card>
          ))}
        </Grid>
      ) : null}
    </Page>
  );
}

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  list-style: none;
  header { display: flex; align-items: center; justify-content: space-between; }
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.large}; }
`;
