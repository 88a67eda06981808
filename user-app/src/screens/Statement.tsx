import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import styled, { createGlobalStyle } from 'styled-components';
import type { LedgerEntry } from '@halcyon/api-client/model';
import { saveFile } from '@halcyon/api-client/http';
import { useApiPages, useApiQueries, useProfileQuery } from '@halcyon/api-client/react';
import { Button, Input, Loading, Select, Table, formatDateTime, formatMoney, formatMonth, Heading, Muted, Page, Panel, Row, SectionTitle } from '@halcyon/shared-ui';
import { BackLink } from '../features/navigation/BackLink';
import {
  KIND_LABELS, STATEMENT_ASSETS, accountLabel, assetLabel, kindLabel, ledgerQuery, monthRange, monthlyStatement, monthsSince, movementsOf, openingReads, statementCsv,
  type Movement, type StatementFilter,
} from '../features/statement/statement';
import { ReadState, TxidLink } from '@halcyon/app-kit';

/** Who made a movement, under its reason. */
const MADE_BY: Record<LedgerEntry['actor'], string> = { you: 'By you', administrator: 'By an administrator', system: 'Automatic' };

/**
 * The reason, who made the movement (under it: a column of its own pushed the figures out of a
 * 1440 px view, issue 29), and for a deposit credited from the chain the transaction that paid it
 * (docs/chain.md).
 */
function Reason({ reason, actor, paidBy }: { reason: string; actor: LedgerEntry['actor']; paidBy: LedgerEntry | undefined }) {
  return (
    <>
      {reason}
      <br />
      <Muted as="span">{MADE_BY[actor]}</Muted>
      {paidBy?.txid ? (
        <>
          <br />
          <Muted as="span">
            Transaction <TxidLink txid={paidBy.txid} explorerUrl={paidBy.explorerUrl ?? null} />
          </Muted>
        </>
      ) : null}
    </>
  );
}

const entryKey = (e: LedgerEntry) => `${e.transferId}:${e.account}`;

const legLabel = (e: LedgerEntry) => `${assetLabel(e.asset)} · ${accountLabel(e.account)}`;

/** A movement's legs: one is named in place; more open under the row (a native disclosure, keyboard and reader friendly). */
function Legs({ movement }: { movement: Movement }) {
  const [only] = movement.legs;
  if (only && movement.legs.length === 1) return <>{legLabel(only)}</>;
  return (
    <details>
      <summary>
        {movement.assets.map(assetLabel).join(', ')} · {movement.legs.length} legs
      </summary>
      <LegList>
        {movement.legs.map((leg) => (
          <li key={entryKey(leg)}>
            {legLabel(leg)}: {formatMoney(leg.amount)}, balance {formatMoney(leg.balanceAfter)}
          </li>
        ))}
      </LegList>
      {/* The id the ledger knows it by (docs/ledger.md "Movements"), for support. */}
      <Muted as="p">Movement {movement.movementId}</Muted>
    </details>
  );
}

/** The statement's list: one row per movement (a business event), its legs under it. */
const movementColumns = [
  { key: 'createdAt', header: 'Date', render: (m: Movement) => formatDateTime(m.createdAt) },
  { key: 'kind', header: 'Entry', render: (m: Movement) => kindLabel(m.kind), wrap: true },
  { key: 'reason', header: 'Reason', render: (m: Movement) => <Reason reason={m.reason} actor={m.actor} paidBy={m.legs.find((l) => l.txid)} />, wrap: true },
  { key: 'legs', header: 'Asset', render: (m: Movement) => <Legs movement={m} /> },
  // Money moved between the investor's own accounts changes nothing they own: say what moved.
  { key: 'net', header: 'Amount', render: (m: Movement) => (m.net !== 0 ? formatMoney(m.net) : `${formatMoney(m.moved)} moved`) },
  // The asset's total after it (the same on every leg of one asset); a movement of two assets shows each on its legs.
  { key: 'balance', header: 'Balance after', render: (m: Movement) => (m.assets.length === 1 && m.legs[0] ? formatMoney(m.legs[0].assetBalanceAfter) : null) },
];

/** A statement needs the whole month: the most the server sends at once, page after page until done. */
const MONTH_PAGE = 500;

/**
 * /user/statement: the investor's ledger entries with their reason, who caused them and the
 * asset's running balance, filtered by asset, kind and period on the server (the dashboard's
 * figures link here with their filter), a page at a time; and a monthly statement as CSV or
 * printed (a PDF when the browser prints to one).
 */
export default function Statement() {
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<StatementFilter>({ asset: params.get('asset') ?? '', kind: params.get('kind') ?? '', from: '', to: '' });
  const set = (key: keyof StatementFilter) => (value: string) => setFilter((f) => ({ ...f, [key]: value }));
  const query = ledgerQuery(filter);
  const entries = useApiPages('getLedger', query ?? {}, { enabled: query !== null });
  // Earnings with a coin's kind: nothing can match, nothing is asked.
  const asked = query !== null;
  const rows = useMemo(() => (asked ? entries.data && movementsOf(entries.data) : []), [asked, entries.data]);

  return (
    <Page>
      <PrintOnlyStatement />
      <BackLink />
      <Heading>Statement</Heading>
      <Muted>Every movement of your money, who made it and why, with your balance in that asset after each one. Months and the CSV's times are UTC.</Muted>
      <Panel aria-labelledby="statement-filters">
        <SectionTitle id="statement-filters">Filter</SectionTitle>
        <Filters>
          <Select label="Asset" name="asset" value={filter.asset} onChange={set('asset')} placeholder="All assets" options={STATEMENT_ASSETS} />
          <Select
            label="Entry"
            name="kind"
            value={filter.kind}
            onChange={set('kind')}
            placeholder="All entries"
            options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
          />
          <Input label="From" name="from" type="date" value={filter.from} onChange={set('from')} />
          <Input label="To" name="to" type="date" value={filter.to} onChange={set('to')} />
        </Filters>
      </Panel>
      {query && <ReadState query={entries} fallback="Failed to fetch your statement." loading="Loading your statement..." />}
      {rows && (
        <Table
          caption="Ledger entries"
          rows={rows}
          getRowKey={(m) => m.movementId}
          columns={movementColumns}
          emptyMessage="No entries match these filters."
          hasMore={query !== null && entries.hasNextPage}
          onLoadMore={entries.fetchNextPage}
          loadingMore={entries.isFetchingNextPage}
        />
      )}
      <MonthlyStatement />
    </Page>
  );
}

/** The chosen month (UTC) in full: every entry of it and each asset's balance when it opened. */
function MonthlyStatement() {
  const openedAt = useProfileQuery().data?.createdAt;
  const months = useMemo(() => monthsSince(openedAt ?? new Date().toISOString(), new Date()), [openedAt]);
  const [chosen, setMonth] = useState('');
  const month = chosen || months[0] || '';
  const pages = useApiPages('getLedger', { ...monthRange(month), limit: MONTH_PAGE });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const openings = useApiQueries('getLedger', openingReads(month));
  const before = openings.map((o) => o.data?.data[0]);
  const complete = pages.data && !pages.isPlaceholderData && !hasNextPage && openings.every((o) => o.isSuccess);
  const statement = complete && pages.data ? monthlyStatement(pages.data, before, month) : null;
  const movements = statement ? movementsOf(statement.entries) : [];
  const failed = pages.error ? pages : openings.find((o) => o.error);

  return (
    <Panel aria-labelledby="monthly-statement" id="printable-statement">
      <SectionTitle id="monthly-statement">Monthly statement: {formatMonth(month)}</SectionTitle>
      <Row className="no-print">
        <Select label="Month" name="month" value={month} onChange={setMonth} options={months.map((m) => ({ value: m, label: formatMonth(m) }))} />
        <Button variant="secondary" disabled={!statement} onClick={() => statement && saveFile(new Blob([statementCsv(statement)], { type: 'text/csv;charset=utf-8' }), `statement-${month}.csv`)}>
          Download CSV
        </Button>
        <Button variant="secondary" disabled={!statement} onClick={() => window.print()}>
          Print or save as PDF
        </Button>
      </Row>
      {failed ? (
        <ReadState<unknown> query={failed} fallback="Failed to fetch your statement." />
      ) : statement ? (
        <>
          <Table
            caption={`Opening and closing balances, ${formatMonth(month)}`}
            rows={statement.balances}
            getRowKey={(b) => b.asset}
            columns={[
              { key: 'asset', header: 'Asset', render: (b) => assetLabel(b.asset) },
              { key: 'opening', header: 'Opening', kind: 'money' },
              { key: 'closing', header: 'Closing', kind: 'money' },
            ]}
          />
          {/* One row per movement, its legs under it, as above; the CSV has every leg. */}
          <Table caption={`Entries, ${formatMonth(month)}`} rows={movements} getRowKey={(m) => m.movementId} columns={movementColumns} />
          <Muted>
            {movements.length} {movements.length === 1 ? 'movement' : 'movements'} ({statement.entries.length} ledger entries). Net this month: {formatMoney(statement.balances.reduce((sum, b) => sum + b.closing - b.opening, 0))}.
          </Muted>
        </>
      ) : (
        <Loading label={`Loading the statement of ${formatMonth(month)}...`} />
      )}
    </Panel>
  );
}

const LegList = styled.ul`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  padding-left: ${({ theme }) => theme.space(4)};
`;

const Filters = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
`;

/** Printing shows the monthly statement alone, dark text on white. */
const PrintOnlyStatement = createGlobalStyle`
  @media print {
    body * { visibility: hidden; }
    #printable-statement, #printable-statement * { visibility: visible; color: #000 !important; background: #fff !important; }
    #printable-statement { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; }
    #printable-statement .no-print { display: none; }
  }
`;
