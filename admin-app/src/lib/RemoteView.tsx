import type { ReactNode } from 'react';
import { queryError } from '@halcyon/api-client/react';
import { ErrorState, Loading } from '@halcyon/shared-ui';

/** What RemoteView reads of a query (a useApiQuery result). */
interface QueryView<T> {
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

interface RemoteViewProps<T> {
  query: QueryView<T>;
  /** The spec's text when the server sent no message, e.g. 'Failed to fetch deposits.' */
  fallback: string;
  /** What is loading, announced to screen readers, e.g. 'Loading deposits' */
  loadingLabel: string;
  children: (data: T) => ReactNode;
}

/**
 * Loading, error (with retry) and ready states of one read. Rows already shown stay while a
 * refetch runs, and under an error when a refetch fails, so tables do not flash.
 */
export function RemoteView<T>({ query, fallback, loadingLabel, children }: RemoteViewProps<T>) {
  const error = queryError(query, fallback);
  if (query.data === undefined && (!error || query.isFetching)) return <Loading label={loadingLabel} />;
  return (
    <>
      {error && <ErrorState message={error} onRetry={() => void query.refetch()} />}
      {query.data !== undefined && children(query.data)}
    </>
  );
}
