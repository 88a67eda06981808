import { ErrorState, Loading } from '@halcyon/shared-ui';
import { queryError } from '@halcyon/api-client/react';

/** What ReadState needs of a query (a `useApiQuery` result). */
export interface ReadQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * A read's state on screen: a spinner only until its first answer (a refresh keeps the data on
 * screen, no flash), then its failure (the server's message, else the spec's `fallback`) with a
 * retry; nothing while it has data and no error.
 */
export function ReadState({ query, fallback, loading }: { query: ReadQuery; fallback: string; loading?: string }) {
  const error = queryError(query, fallback);
  if (error) return <ErrorState message={error} onRetry={() => void query.refetch()} />;
  return query.isPending ? <Loading label={loading} /> : null;
}
