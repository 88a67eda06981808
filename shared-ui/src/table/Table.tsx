import { useId, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing, visuallyHidden } from '../a11y';
import { Button } from '../Button';
import { controlCss } from '../input/Field';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { CardList } from './CardList';
import { SortSelect, type Sort } from './SortSelect';
import { compareValues, displayText, rawValue, renderCell, type TableColumn } from './cells';

export const NO_DATA_MESSAGE = 'No data available to display.';

/** Below 600 px a table becomes stacked cards: no sideways scrolling on phones. */
export const CARDS_QUERY = '(max-width: 599.98px)';

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  /** Table caption (visually hidden unless showCaption). */
  caption?: string;
  showCaption?: boolean;
  /** Adds a search box filtering rows by any column's text. */
  searchable?: boolean;
  searchLabel?: string;
  /** Rows per page; pagination appears when there are more rows. */
  pageSize?: number;
  getRowKey?: (row: Row, index: number) => string | number;
  emptyMessage?: string;
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;

const Scroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  ${focusRing}
`;

const T = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.small};
  & th, & td {
    padding: ${({ theme }) => theme.space(3)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
    text-align: left;
    white-space: nowrap;
  }
  & th { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 700; background: ${({ theme }) => theme.colors.surfaceAlt}; }
  /* Plain text (names, emails, wallet addresses) wraps so the figures and actions stay in view. */
  & td[data-wrap] { white-space: normal; overflow-wrap: anywhere; min-width: 12ch; }
  & td[data-align='right'], & th[data-align='right'] { text-align: right; }
  & tbody tr:last-child td { border-bottom: 0; }
`;

const Caption = styled.caption<{ $hidden: boolean }>`
  ${({ $hidden }) => ($hidden ? visuallyHidden : '')}
  padding: ${({ theme }) => theme.space(3)};
  text-align: left;
  font-weight: 700;
`;

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 0;
  border: 0;
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
  border-radius: 4px;
  ${focusRing}
`;

const Empty = styled.td`
  text-align: center !important;
  color: ${({ theme }) => theme.colors.textMuted};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(3)} !important;
`;

const EmptyCards = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

const Search = styled.input`
  ${controlCss}
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) { max-width: 320px; }
`;

const SearchLabel = styled.label`${visuallyHidden}`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

function SortIcon({ dir }: { dir: 'ascending' | 'descending' | 'none' }) {
  return (
    <svg viewBox="0 0 10 14" width="10" height="14" aria-hidden="true" focusable="false">
      <path d="M5 1L1 5h8z" fill="currentColor" opacity={dir === 'ascending' ? 1 : 0.35} />
      <path d="M5 13L1 9h8z" fill="currentColor" opacity={dir === 'descending' ? 1 : 0.35} />
    </svg>
  );
}

/**
 * Data table: formats money/date/status/method columns, '-' for empty cells, optional search,
 * sortable headers and pagination. Below 600 px the rows are stacked cards of `header: value`
 * lines (CardList): a real table for wide screens, a list of description lists on phones.
 */
export function Table<Row>({
  columns,
  rows,
  caption = 'Data table',
  showCaption = false,
  searchable = false,
  searchLabel = 'Search',
  pageSize,
  getRowKey,
  emptyMessage = NO_DATA_MESSAGE,
}: TableProps<Row>) {
  const searchId = useId();
  const cards = useMediaQuery(CARDS_QUERY);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort>(null);
  const [page, setPage] = useState(1);

  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return rows;
    return rows.filter((row) => columns.some((c) => displayText(rawValue(row, c), c.kind).toLowerCase().includes(q) || String(rawValue(row, c) ?? '').toLowerCase().includes(q)));
  }, [rows, columns, query]);

  const sorted = useMemo(() => {
    if (!sort) return filtered;
    const column = columns.find((c) => c.key === sort.key);
    if (!column) return filtered;
    const sign = sort.dir === 'ascending' ? 1 : -1;
    // Stable: equal rows keep their order.
    return filtered
      .map((row, i) => ({ row, i }))
      .sort((a, b) => sign * compareValues(rawValue(a.row, column), rawValue(b.row, column), column.kind) || a.i - b.i)
      .map((x) => x.row);
  }, [filtered, columns, sort]);

  const pages = pageSize && pageSize > 0 ? Math.max(1, Math.ceil(sorted.length / pageSize)) : 1;
  const current = Math.min(page, pages);
  const visible = pageSize && pageSize > 0 ? sorted.slice((current - 1) * pageSize, current * pageSize) : sorted;
  const noData = columns.length === 0 || visible.length === 0;

  const toggleSort = (key: string) => {
    setSort((s) => (s && s.key === key ? { key, dir: s.dir === 'ascending' ? 'descending' : 'ascending' } : { key, dir: 'ascending' }));
    setPage(1);
  };

  const rowKey = (row: Row, i: number) => (getRowKey ? getRowKey(row, i) : i);
  const align = (c: TableColumn<Row>) => c.align ?? (c.kind === 'money' ? 'right' : 'left');

  let rowsView: ReactNode;
  if (cards) {
    rowsView = (
      <>
        <SortSelect
          columns={columns}
          sort={sort}
          name={`${searchId}-sort`}
          onSort={(next) => {
            setSort(next);
            setPage(1);
          }}
        />
        {noData ? <EmptyCards>{emptyMessage}</EmptyCards> : <CardList columns={columns} rows={visible} label={caption} rowKey={rowKey} />}
      </>
    );
  } else {
    rowsView = (
      // Focusable so keyboard users can scroll a wide table sideways.
      <Scroll role="region" aria-label={caption} tabIndex={0}>
        <T>
          <Caption $hidden={!showCaption}>{caption}</Caption>
          {columns.length > 0 ? (
            <thead>
              <tr>
                {columns.map((c) => {
                  const dir = sort && sort.key === c.key ? sort.dir : 'none';
                  return (
                    <th key={c.key} scope="col" aria-sort={c.sortable ? dir : undefined} data-align={align(c)}>
                      {c.sortable ? (
                        <SortButton type="button" onClick={() => toggleSort(c.key)}>
                          {c.header}
                          <SortIcon dir={dir} />
                        </SortButton>
                      ) : (
                        c.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
          ) : null}
          <tbody>
            {noData ? (
              <tr>
                <Empty colSpan={Math.max(1, columns.length)}>{emptyMessage}</Empty>
              </tr>
            ) : (
              visible.map((row, i) => (
                <tr key={rowKey(row, i)}>
                  {columns.map((c) => (
                    <td key={c.key} data-align={align(c)} data-wrap={!c.render && (c.kind ?? 'text') === 'text' ? '' : undefined}>
                      {renderCell(row, c)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </T>
      </Scroll>
    );
  }

  return (
    <Wrap>
      {searchable ? (
        <div>
          <SearchLabel htmlFor={searchId}>{searchLabel}</SearchLabel>
          <Search
            id={searchId}
            type="search"
            placeholder={`${searchLabel}...`}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
          />
        </div>
      ) : null}
      {rowsView}
      {pages > 1 ? (
        <Pager aria-label={`${caption} pages`}>
          <Button variant="secondary" size="small" disabled={current <= 1} onClick={() => setPage(current - 1)}>
            Previous
          </Button>
          <span aria-live="polite">{`Page ${current} of ${pages}`}</span>
          <Button variant="secondary" size="small" disabled={current >= pages} onClick={() => setPage(current + 1)}>
            Next
          </Button>
        </Pager>
      ) : null}
    </Wrap>
  );
}
