import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import styled, { createGlobalStyle } from 'styled-components';
import { useApiQuery, type LedgerEntry } from '@halcyon/api-client';
import { Button, Input, Select, Table, formatDateTime, formatMoney } from '@halcyon/shared-ui';
import { BackLink } from '../features/navigation/BackLink';
import {
  ACTOR_LABELS, KIND_LABELS, STATEMENT_ASSETS, accountLabel, assetLabel, filterEntries, kindLabel, monthlyStatement, monthsOf, statementCsv,
  type StatementFilter,
} from '../features/statement/statement';
import { ReadState } from '../lib/ReadState';
import { Heading, Muted, Page, Panel, Row, SectionTitle } from '../lib/ui';

const entryColumns = [
  { key: 'createdAt', header: 'Date', render: (e: LedgerEntry) => formatDateTime(e.createdAt) },
  { key: 'kind', header: 'Entry', render: (e: LedgerEntry) => kindLabel(e.kind) },
  { key: 'reason', header: 'Reason' },
  { key: 'actor', header: 'By', render: (e: LedgerEntry) => ACTOR_LABELS[e.actor] },
  { key: 'asset', header: 'Asset', render: (e: LedgerEntry) => `${assetLabel(e.asset)} · ${accountLabel(e.account)}` },
  { key: 'amount', header: 'Amount', kind: 'money' as const },
  { key: 'assetBalanceAfter', header: 'Balance after', kind: 'money' as const },
];

const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function downloadCsv(month: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `statement-${month}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * /user/statement: every ledger entry of the investor with its reason, who caused it and the
 * asset's running balance; filters by asset, kind and period (the dashboard's figures link here
 * with their filter); a monthly statement as CSV or printed (a PDF when the browser prints to one).
 */
export default function Statement() {
  const [params] = useSearchParams();
  const query = useApiQuery('getLedger', undefined, { select: (r) => r.data });
  const entries = query.data;
  const [filter, setFilter] = useState<StatementFilter>({ asset: params.get('asset') ?? '', kind: params.get('kind') ?? '', from: '', to: '' });
  const set = (key: keyof StatementFilter) => (value: string) => setFilter((f) => ({ ...f, [key]: value }));
  const shown = useMemo(() => (entries ? filterEntries(entries, filter) : []), [entries, filter]);
  const months = useMemo(() => (entries ? monthsOf(entries) : []), [entries]);
  const [chosenMonth, setMonth] = useState('');
  const month = chosenMonth || months[0] || '';
  const statement = useMemo(() => (entries && month ? monthlyStatement(entries, month) : null), [entries, month]);

  return (
    <Page>
      <PrintOnlyStatement />
      <BackLink />
      <Heading>Statement</Heading>
      <Muted>Every movement of your money, who made it and why, with your balance in that asset after each one. Months and the CSV's times are UTC.</Muted>
      <ReadState query={query} fallback="Failed to fetch your statement." loading="Loading your statement..." />
      {entries && (
        <>
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
          <Table
            caption="Ledger entries"
            rows={shown}
            getRowKey={(e: LedgerEntry) => `${e.transferId}:${e.account}`}
            columns={entryColumns}
            emptyMessage="No entries match these filters."
            pageSize={25}
          />
          {statement && (
            <Panel aria-labelledby="monthly-statement" id="printable-statement">
              <SectionTitle id="monthly-statement">Monthly statement: {monthName(statement.month)}</SectionTitle>
              <Row className="no-print">
                <Select label="Month" name="month" value={month} onChange={setMonth} options={months.map((m) => ({ value: m, label: monthName(m) }))} />
                <Button variant="secondary" onClick={() => downloadCsv(statement.month, statementCsv(statement))}>
                  Download CSV
                </Button>
                <Button variant="secondary" onClick={() => window.print()}>
                  Print or save as PDF
                </Button>
              </Row>
              <Table
                caption={`Opening and closing balances, ${monthName(statement.month)}`}
                rows={statement.balances}
                getRowKey={(b) => b.asset}
                columns={[
                  { key: 'asset', header: 'Asset', render: (b) => assetLabel(b.asset) },
                  { key: 'opening', header: 'Opening', kind: 'money' },
                  { key: 'closing', header: 'Closing', kind: 'money' },
                ]}
              />
              <Table caption={`Entries, ${monthName(statement.month)}`} rows={statement.entries} getRowKey={(e: LedgerEntry) => `${e.transferId}:${e.account}`} columns={entryColumns} />
              <Muted>
                {statement.entries.length} entries. Net this month: {formatMoney(statement.balances.reduce((sum, b) => sum + b.closing - b.opening, 0))}.
              </Muted>
            </Panel>
          )}
        </>
      )}
    </Page>
  );
}

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
