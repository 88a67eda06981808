import { useCallback, useMemo, useRef } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { EndpointName } from '../contract/endpoints';
import type { PageInfo } from '../contract/paging';
import type { QueryOf, ResponseOf } from '../contract/routes';
import { api, type CallOptions, type Caller } from '@halcyon/api-client/http';
import { queryKey } from './keys';

/** The endpoints answering `{ data: T[], page }`: every list (issue 10, docs/api.md "Lists"). */
export type PagedName = { [N in EndpointName]: ResponseOf<N> extends { data: unknown[]; page: PageInfo } ? N : never }[EndpointName];
/** A list's filters, search, sort and page size: its query without the cursor, which the hook keeps. */
export type ListQuery<N extends PagedName> = Omit<QueryOf<N>, 'cursor'>;
export type RowOf<N extends PagedName> = ResponseOf<N>['data'][number];

/** One answer of a list. */
export type ListPage<N extends PagedName> = { data: RowOf<N>[]; page: PageInfo };
type Fn<N extends PagedName> = (input: { query: object }, options: CallOptions) => Promise<ResponseOf<N>>;

export interface PagesOptions<N extends PagedName> {
  /** Whose token an `any` route carries (see CallOptions.as). */
  as?: Caller;
  enabled?: boolean;
  /** Checks or reshapes an answer (e.g. the spec's bare-array traders); throw to fail the read. */
  parse?: (response: ResponseOf<N>) => ListPage<N>;
}

/** What a screen reads of a paged list. */
export interface ApiPages<Row> {
  /** Rows of every page loaded so far, in the server's order; undefined until the first page. */
  data: Row[] | undefined;
  error: Error | null;
  /** When the last failure came (a repeated failure is a new one). */
  errorUpdatedAt: number;
  isPending: boolean;
  isFetching: boolean;
  /** The rows are the previous query's, shown until this one's first page comes. */
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  refetch: () => Promise<unknown>;
}

/** Blank filters dropped, so `q: ''` and no `q` are one request and one cache entry. */
const clean = (query: object): Record<string, unknown> => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));

/**
 * A list read a page at a time through the shared cache (TanStack's infinite query): the first
 * page at once, the next one on `fetchNextPage` with the previous answer's `page.nextCursor`.
 * A new query (search, filter, sort) is a new key: the superseded request is aborted through its
 * AbortSignal, and the rows already shown stay until the new first page arrives. The key is
 * `[scope, name, query, 'pages']`, so invalidating the endpoint by name re-reads every loaded page.
 */
export function useApiPages<N extends PagedName>(name: N, query?: ListQuery<N>, { as, enabled, parse }: PagesOptions<N> = {}): ApiPages<RowOf<N>> {
  const input = clean(query ?? {});
  const fn = api[name] as unknown as Fn<N>;
  const result = useInfiniteQuery({
    queryKey: [...queryKey(name, input, as), 'pages'],
    queryFn: async ({ pageParam, signal }) => {
      const response = await fn({ query: pageParam ? { ...input, cursor: pageParam } : input }, { signal, ...(as ? { as } : {}) });
      return parse ? parse(response) : (response as ListPage<N>);
    },
    initialPageParam: '',
    getNextPageParam: (last: ListPage<N>) => last.page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    ...(enabled === undefined ? {} : { enabled }),
  });
  const { data, fetchNextPage } = result;
  const rows = useMemo(() => data?.pages.flatMap((p) => p.data), [data]);
  const next = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // A query that fails outright (a search the server refuses) keeps the rows last shown under its
  // error, so the screen keeps its table, search and sort to change what was asked.
  const shown = useRef(rows);
  if (rows) shown.current = rows;
  const keptUnderError = !rows && result.error ? shown.current : undefined;
  return {
    data: rows ?? keptUnderError,
    error: result.error,
    errorUpdatedAt: result.errorUpdatedAt,
    isPending: result.isPending,
    isFetching: result.isFetching,
    isPlaceholderData: result.isPlaceholderData || keptUnderError !== undefined,
    // The previous query's pages shown meanwhile have no next page in the new one.
    hasNextPage: result.hasNextPage && !result.isPlaceholderData && !keptUnderError,
    isFetchingNextPage: result.isFetchingNextPage,
    fetchNextPage: next,
    refetch: result.refetch,
  };
}
