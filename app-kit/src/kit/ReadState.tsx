import type { ReactNode } from 'react';
import { queryError } from '@halcyon/api-client/react';
import { ErrorState, Loading } from '@halcyon/shared-ui';

/** What ReadState reads of a query (a useApiQuery or useApiPages result). */
export interface ReadQuery<T> {
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

export interface ReadStateProps<T> {
  query: ReadQuery<T>;
  /** The spec's text when the server sent no message, e.g. 'Failed to fetch deposits.' */
  fallback: string;
  /** What is loading, announced to screen readers (default 'Loading...'). */
  loading?: string;
  /** The ready state; without it ReadState shows only the loading and error states. */
  children?: (data: T) => ReactNode;
}

/**
 * The one read-state component: a spinner until the first answer (and while a retry after a
 * failure runs), the failure (the server's message, else `fallback`) with Try again, and the data.
 * Data already shown stays while a refetch runs and under a failed refetch, so nothing flashes.
 */
export function ReadState<T>({ query, fallback, loading, children }: ReadStateProps<T>) {
  const error = queryError(query, fallback);
  if (query.data === undefined && (!error || query.isFetching)) return <Loading label={loading} />;
  return (
    <>
      {error && <ErrorState message={error} onRetry={() => void query.refetch()} />}
      {query.data !== undefined && children?.(query.data)}
    </>
  );
}
