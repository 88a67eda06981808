import { useState } from 'react';
import { useApiPages, type ListQuery, type PagedName, type PagesOptions } from '@halcyon/api-client/react';

/**
 * A list on an admin screen, read from the server a page at a time: the screen's own filters plus
 * the search and sort its table changes. `query` is what is in force (Export CSV sends the same),
 * `table` the Table's server-mode props (search, sort, Load more).
 */
export function useList<N extends PagedName>(name: N, filters?: ListQuery<N>, options?: PagesOptions<N>) {
  const [search, onSearch] = useState('');
  const [sorted, onSortChange] = useState<string>();
  const query = { ...filters, ...(search ? { q: search } : {}), ...(sorted ? { sort: sorted } : {}) } as ListQuery<N>;
  const pages = useApiPages(name, query, options);
  const table = {
    search,
    onSearch,
    // A screen's fixed order (Top Earnings) shows on its column until the admin picks another.
    sort: (query as { sort?: string }).sort,
    onSortChange,
    hasMore: pages.hasNextPage,
    onLoadMore: pages.fetchNextPage,
    loadingMore: pages.isFetchingNextPage,
  };
  return { ...pages, query, table };
}

/** A date column's server orders (every list has them): oldest or newest first. */
export const BY_DATE = { ascending: 'oldest', descending: 'newest' };
