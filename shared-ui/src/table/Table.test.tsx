import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../../test/render';
import { theme } from '../theme';
import { CARDS_QUERY, Table } from './Table';
import type { TableColumn } from './cells';

interface Tx {
  id: string;
  method: string;
  type: string;
  amount: number;
  date: string | null;
  status: string;
}

const columns: TableColumn<Tx>[] = [
  { key: 'method', header: 'Method', kind: 'method', sortable: true },
  { key: 'type', header: 'Type', sortable: true },
  { key: 'amount', header: 'Amount', kind: 'money', sortable: true },
  { key: 'date', header: 'Date', kind: 'date', sortable: true },
  { key: 'status', header: 'Status', kind: 'status' },
];

const rows: Tx[] = [
  { id: '1', method: 'bitcoin', type: 'deposit', amount: 1234.5, date: '2026-11-20T10:00:00Z', status: 'approved' },
  { id: '2', method: 'solana', type: 'withdraw', amount: 20, date: null, status: 'pending' },
  { id: '3', method: 'ethereum', type: '', amount: 300, date: '2026-11-21T10:00:00Z', status: 'declined' },
  { id: '4', method: 'usdt', type: 'invest', amount: 5, date: '2026-11-19T10:00:00Z', status: 'processing' },
];

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const firstCells = (col: number) => bodyRows().map((r) => within(r).getAllByRole('cell')[col]?.textContent);

describe('Table', () => {
  it('shows the empty message with no rows or no columns', () => {
    const { rerender } = renderUi(<Table columns={columns} rows={[]} caption="Transactions" />);
    expect(screen.getByText('No data available to display.')).toBeInTheDocument();
    rerender(<Table columns={[]} rows={rows} caption="Transactions" />);
    expect(screen.getByText('No data available to display.')).toBeInTheDocument();
  });

  it('is a real table with a caption and column headers', () => {
    renderUi(<Table columns={columns} rows={rows} caption="Transactions" getRowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Transactions' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Method', 'Type', 'Amount', 'Date', 'Status']);
    headers.forEach((h) => expect(h).toHaveAttribute('scope', 'col'));
    expect(screen.getByRole('region', { name: 'Transactions' })).toHaveAttribute('tabindex', '0');
  });

  it('formats methods, money, dates and dashes for empty cells', () => {
    renderUi(<Table columns={columns} rows={rows} />);
    expect(firstCells(0)).toEqual(['BTC', 'SOL', 'ETH', 'USDT']);
    expect(firstCells(2)).toEqual(['$1,234.50', '$20.00', '$300.00', '$5.00']);
    expect(firstCells(3)).toEqual(['Nov 20, 2026', '-', 'Nov 21, 2026', 'Nov 19, 2026']);
    expect(firstCells(1)).toEqual(['deposit', 'withdraw', '-', 'invest']);
  });

  it('lets plain text cells wrap while figures, dates and badges stay on one line', () => {
    renderUi(<Table columns={columns} rows={rows} />);
    const cells = within(bodyRows()[0]!).getAllByRole('cell');
    expect(cells.map((c) => c.hasAttribute('data-wrap'))).toEqual([false, true, false, false, false]);
  });

  it('shows statuses as coloured badges', () => {
    renderUi(<Table columns={columns} rows={rows} />);
    const colour = (text: string) => screen.getByText(text);
    expect(colour('Approved')).toHaveStyle({ backgroundColor: theme.colors.success });
    expect(colour('Declined')).toHaveStyle({ backgroundColor: theme.colors.danger });
    expect(colour('Pending')).toHaveStyle({ backgroundColor: theme.colors.warning });
    expect(colour('Processing')).toHaveStyle({ backgroundColor: theme.colors.info });
  });

  it('uses a dash when a custom render gives nothing', () => {
    renderUi(<Table columns={[{ key: 'x', header: 'X', render: () => null }]} rows={[{ x: 1 }]} />);
    expect(firstCells(0)).toEqual(['-']);
  });

  it('sorts by a header button, toggling ascending and descending with aria-sort', async () => {
    const user = userEvent.setup();
    renderUi(<Table columns={columns} rows={rows} />);
    const amountHeader = screen.getByRole('columnheader', { name: /Amount/ });
    expect(amountHeader).toHaveAttribute('aria-sort', 'none');
    await user.click(within(amountHeader).getByRole('button', { name: /Amount/ }));
    expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells(2)).toEqual(['$5.00', '$20.00', '$300.00', '$1,234.50']);
    await user.click(within(amountHeader).getByRole('button', { name: /Amount/ }));
    expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells(2)).toEqual(['$1,234.50', '$300.00', '$20.00', '$5.00']);
    // Dates sort by time, empty last.
    await user.click(screen.getByRole('button', { name: /Date/ }));
    expect(firstCells(3)).toEqual(['Nov 19, 2026', 'Nov 20, 2026', 'Nov 21, 2026', '-']);
    // Not sortable: a plain header.
    expect(within(screen.getByRole('columnheader', { name: 'Status' })).queryByRole('button')).toBeNull();
  });

  it('filters with a labelled search box on shown text', async () => {
    const user = userEvent.setup();
    renderUi(<Table columns={columns} rows={rows} searchable searchLabel="Search transactions" />);
    const search = screen.getByRole('searchbox', { name: 'Search transactions' });
    await user.type(search, 'btc');
    expect(firstCells(0)).toEqual(['BTC']);
    await user.clear(search);
    await user.type(search, 'DEC');
    expect(firstCells(4)).toEqual(['Declined']);
    await user.type(search, 'zzz');
    expect(screen.getByText('No data available to display.')).toBeInTheDocument();
  });

  it('pages long tables', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => ({ n: i + 1 }));
    renderUi(<Table columns={[{ key: 'n', header: 'N' }]} rows={many} pageSize={5} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(firstCells(0)).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(firstCells(0)).toEqual(['6', '7', '8', '9', '10']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(firstCells(0)).toEqual(['11', '12']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('has no pager when everything fits', () => {
    renderUi(<Table columns={[{ key: 'n', header: 'N' }]} rows={[{ n: 1 }]} pageSize={5} />);
    expect(screen.queryByText(/Page 1 of/)).not.toBeInTheDocument();
  });
});

/** jsdom has no layout: the viewport is what matchMedia answers for the Table's query. */
function viewport(phone: boolean) {
  const listeners = new Set<() => void>();
  const state = { phone };
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === CARDS_QUERY && state.phone;
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  })) as unknown as typeof window.matchMedia;
  return (next: boolean) =>
    act(() => {
      state.phone = next;
      listeners.forEach((l) => l());
    });
}

describe('Table below 600 px', () => {
  const actions: TableColumn<Tx> = { key: 'actions', header: 'Actions', render: (r) => <button type="button">{`Approve ${r.id}`}</button> };

  it('shows each row as a card of header: value lines, in a list named by the caption', () => {
    viewport(true);
    renderUi(<Table columns={[...columns, actions]} rows={rows} caption="Transactions" />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Transactions' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    const lines = (card: HTMLElement) => {
      const values = within(card).getAllByRole('definition');
      return within(card).getAllByRole('term').map((t, i) => `${t.textContent}: ${values[i]?.textContent}`);
    };
    expect(lines(cards[1]!)).toEqual(['Method: SOL', 'Type: withdraw', 'Amount: $20.00', 'Date: -', 'Status: Pending', 'Actions: Approve 2']);
    // The status keeps its colour and the actions stay usable inside the card.
    expect(within(cards[2]!).getByText('Declined')).toHaveStyle({ backgroundColor: theme.colors.danger });
    expect(within(cards[3]!).getByRole('button', { name: 'Approve 4' })).toBeInTheDocument();
  });

  it('keeps search, paging and the empty message', async () => {
    viewport(true);
    const user = userEvent.setup();
    renderUi(<Table columns={columns} rows={rows} caption="Transactions" searchable searchLabel="Search transactions" pageSize={3} />);
    expect(within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'zzz');
    expect(screen.getByText('No data available to display.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('sorts with a "Sort by" choice in place of the header buttons', async () => {
    viewport(true);
    const user = userEvent.setup();
    renderUi(<Table columns={columns} rows={rows} caption="Transactions" />);
    const amounts = () =>
      within(screen.getByRole('list', { name: 'Transactions' }))
        .getAllByRole('listitem')
        .map((card) => within(card).getAllByRole('definition')[2]?.textContent);
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    // Only sortable columns are offered (Status is not).
    expect(within(sortBy).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Default order',
      'Method, ascending', 'Method, descending', 'Type, ascending', 'Type, descending',
      'Amount, ascending', 'Amount, descending', 'Date, ascending', 'Date, descending',
    ]);
    await user.selectOptions(sortBy, 'Amount, descending');
    expect(amounts()).toEqual(['$1,234.50', '$300.00', '$20.00', '$5.00']);
    await user.selectOptions(sortBy, 'Amount, ascending');
    expect(amounts()).toEqual(['$5.00', '$20.00', '$300.00', '$1,234.50']);
    await user.selectOptions(sortBy, 'Default order');
    expect(amounts()).toEqual(['$1,234.50', '$20.00', '$300.00', '$5.00']);
  });

  it('switches between cards and a real table as the width crosses 600 px', () => {
    const resize = viewport(false);
    renderUi(<Table columns={columns} rows={rows} caption="Transactions" />);
    expect(screen.getByRole('table', { name: 'Transactions' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    resize(true);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Transactions' })).toBeInTheDocument();
    resize(false);
    expect(screen.getByRole('table', { name: 'Transactions' })).toBeInTheDocument();
  });
});

describe('Table in server mode (issue 10)', () => {
  const serverColumns: TableColumn<Tx>[] = [
    { key: 'method', header: 'Method', kind: 'method', sortable: true },
    { key: 'amount', header: 'Amount', kind: 'money', sortable: true, serverSort: { descending: 'amount' } },
    { key: 'date', header: 'Date', kind: 'date', sortable: true, serverSort: { ascending: 'oldest', descending: 'newest' } },
  ];
  beforeEach(() => viewport(false));

  it('shows the rows as given, with no pager of its own, and "Load more" while the server has more', async () => {
    const user = userEvent.setup();
    const onLoadMore = jest.fn();
    const { rerender } = renderUi(<Table columns={columns} rows={rows} pageSize={2} hasMore onLoadMore={onLoadMore} />);
    expect(firstCells(2)).toEqual(['$1,234.50', '$20.00', '$300.00', '$5.00']);
    expect(screen.queryByText(/Page 1 of/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<Table columns={columns} rows={rows} hasMore onLoadMore={onLoadMore} loadingMore />);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled();
    rerender(<Table columns={columns} rows={rows} hasMore={false} onLoadMore={onLoadMore} />);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sends the search once typing pauses for 300 ms, never filtering the rows itself', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const onSearch = jest.fn();
      renderUi(<Table columns={columns} rows={rows} search="" onSearch={onSearch} searchLabel="Search deposits" />);
      await user.type(screen.getByRole('searchbox', { name: 'Search deposits' }), ' btc ');
      expect(onSearch).not.toHaveBeenCalled();
      expect(firstCells(0)).toEqual(['BTC', 'SOL', 'ETH', 'USDT']);
      act(() => jest.advanceTimersByTime(299));
      expect(onSearch).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(onSearch.mock.calls).toEqual([['btc']]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the search in force when it mounts again (e.g. after an error)', () => {
    renderUi(<Table columns={columns} rows={[]} search="jane" onSearch={() => undefined} />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('jane');
  });

  it('sorts by the server: only columns with a server sort, in the directions it has', async () => {
    const user = userEvent.setup();
    const onSortChange = jest.fn();
    const { rerender } = renderUi(<Table columns={serverColumns} rows={rows} sort="newest" onSortChange={onSortChange} />);
    expect(within(screen.getByRole('columnheader', { name: 'Method' })).queryByRole('button')).toBeNull();
    const date = screen.getByRole('columnheader', { name: /Date/ });
    expect(date).toHaveAttribute('aria-sort', 'descending');
    // The rows are the server's order: nothing is re-sorted here.
    expect(firstCells(1)).toEqual(['$1,234.50', '$20.00', '$300.00', '$5.00']);
    await user.click(within(date).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith('oldest');
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('amount');
    rerender(<Table columns={serverColumns} rows={rows} sort="amount" onSortChange={onSortChange} />);
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
    // A column with one direction goes back to the list's default on the next click.
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    expect(onSortChange).toHaveBeenLastCalledWith(undefined);
  });

  it('on phones, "Sort by" offers the server sorts only', async () => {
    viewport(true);
    const user = userEvent.setup();
    const onSortChange = jest.fn();
    renderUi(<Table columns={serverColumns} rows={rows} caption="Deposits" sort="newest" onSortChange={onSortChange} />);
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sortBy).getAllByRole('option').map((o) => o.textContent)).toEqual(['Default order', 'Amount, descending', 'Date, ascending', 'Date, descending']);
    expect(sortBy).toHaveValue('date:descending');
    await user.selectOptions(sortBy, 'Amount, descending');
    expect(onSortChange).toHaveBeenLastCalledWith('amount');
  });
});
