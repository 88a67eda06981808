import { useId, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing, visuallyHidden } from '../a11y';
import { Button } from '../Button';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { CardList } from './CardList';
import { LoadMore, SearchBox } from './SearchBox';
import { SortSelect, type Sort, type SortDir } from './SortSelect';
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
  /**
   * Server-paged mode (any of onLoadMore, onSearch, onSortChange): `rows` are the pages loaded so
   * far, shown in the server's order, with no search, sort or pager of the table's own.
   */
  hasMore?: boolean;
  onLoadMore?: () => void;
  loadingMore?: boolean;
  /** The server's search in force; the box calls onSearch once typing pauses (300 ms). */
  search?: string;
  onSearch?: (q: string) => void;
  /** The list's `sort` in force; headers with a `serverSort` change it (undefined: the list's default). */
  sort?: string;
  onSortChange?: (sort: string | undefined) => void;
}

const DIRS: readonly SortDir[] = ['ascending', 'descending'];

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
  /* A heading may break between its words when the columns are many (never inside one). */
  & th { white-space: normal; color: ${({ theme }) => theme.colors.textMuted}; font-weight: 700; background: ${({ theme }) => theme.colors.surfaceAlt}; }
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
 * sortable headers and pagination over the rows given (client mode), or a server's pages with its
 * search, its sort and Load more (server mode). Below 600 px the rows are stacked cards of
 * `header: value` lines (CardList): a real table for wide screens, description lists on phones.
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
  hasMore,
  onLoadMore,
  loadingMore,
  search,
  onSearch,
  sort: serverSort,
  onSortChange,
}: TableProps<Row>) {
  const searchId = useId();
  const cards = useMediaQuery(CARDS_QUERY);
  const server = !!(onLoadMore || onSearch || onSortChange);
  const [query, setQuery] = useState('');
  const [localSort, setLocalSort] = useState<Sort>(null);
  const [page, setPage] = useState(1);

  const dirsOf = (c: TableColumn<Row>): readonly SortDir[] => (server ? DIRS.filter((d) => c.serverSort?.[d]) : c.sortable ? DIRS : []);
  // In server mode the sort shown is the column and direction whose `serverSort` is the list's.
  const sort: Sort = server ? (columns.flatMap((c) => DIRS.filter((d) => serverSort && c.serverSort?.[d] === serverSort).map((dir) => ({ key: c.key, dir })))[0] ?? null) : localSort;
  const setSort = (next: Sort) => {
    if (server) onSortChange?.(next ? columns.find((c) => c.key === next.key)?.serverSort?.[next.dir] : undefined);
    else {
      setLocalSort(next);
      setPage(1);
    }
  };

  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q || server) return rows;
    return rows.filter((row) => columns.some((c) => displayText(rawValue(row, c), c.kind).toLowerCase().includes(q) || String(rawValue(row, c) ?? '').toLowerCase().includes(q)));
  }, [rows, columns, query, server]);

  const sorted = useMemo(() => {
    if (!localSort || server) return filtered;
    const column = columns.find((c) => c.key === localSort.key);
    if (!column) return filtered;
    const sign = localSort.dir === 'ascending' ? 1 : -1;
    // Stable: equal rows keep their order.
    return filtered
      .map((row, i) => ({ row, i }))
      .sort((a, b) => sign * compareValues(rawValue(a.row, column), rawValue(b.row, column), column.kind) || a.i - b.i)
      .map((x) => x.row);
  }, [filtered, columns, localSort, server]);

  const size = server ? 0 : (pageSize ?? 0);
  const pages = size > 0 ? Math.max(1, Math.ceil(sorted.length / size)) : 1;
  const current = Math.min(page, pages);
  const visible = size > 0 ? sorted.slice((current - 1) * size, current * size) : sorted;
  const noData = columns.length === 0 || visible.length === 0;

  // First direction the column has, then the other; a column with one direction goes back to the default.
  const toggleSort = (c: TableColumn<Row>) => {
    const dirs = dirsOf(c);
    const dir = sort?.key === c.key ? dirs.find((d) => d !== sort.dir) : dirs[0];
    setSort(dir ? { key: c.key, dir } : null);
  };

  const rowKey = (row: Row, i: number) => (getRowKey ? getRowKey(row, i) : i);
  const align = (c: TableColumn<Row>) => c.align ?? (c.kind === 'money' ? 'right' : 'left');

  let rowsView: ReactNode;
  if (cards) {
    rowsView = (
      <>
        <SortSelect columns={columns} dirs={dirsOf} sort={sort} name={`${searchId}-sort`} onSort={setSort} />
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
                  const sortable = dirsOf(c).length > 0;
                  return (
                    <th key={c.key} scope="col" aria-sort={sortable ? dir : undefined} data-align={align(c)}>
                      {sortable ? (
                        <SortButton type="button" onClick={() => toggleSort(c)}>
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
                    <td key={c.key} data-align={align(c)} data-wrap={(c.wrap ?? (!c.render && (c.kind ?? 'text') === 'text')) ? '' : undefined}>
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
      {onSearch ? (
        <SearchBox label={searchLabel} value={search} onSearch={onSearch} />
      ) : searchable ? (
        <SearchBox
          label={searchLabel}
          delay={0}
          onSearch={(q) => {
            setQuery(q);
            setPage(1);
          }}
        />
      ) : null}
      {rowsView}
      <LoadMore hasMore={hasMore} onLoadMore={onLoadMore} loading={loadingMore} />
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
