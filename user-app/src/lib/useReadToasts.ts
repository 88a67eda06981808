import { useEffect, useRef } from 'react';
import { toast } from '@halcyon/shared-ui/toast';
import { queryError } from '@halcyon/api-client/react';

/** What the toasts need of a query (a `useApiQuery` result). */
export interface ToastedQuery {
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  errorUpdatedAt: number;
}

/**
 * The spec's toasts for a read: `loading` while its first answer is awaited, then dismissed, or
 * replaced in place by the failure (the server's message, else `fallback`); a later failure
 * (a refresh) toasts again.
 */
export function useReadToasts(query: ToastedQuery, fallback: string, loading?: string): void {
  const loadingId = useRef<string | undefined>(undefined);
  const waiting = loading !== undefined && query.isPending && query.isFetching;
  const error = queryError(query, fallback);

  useEffect(() => {
    if (waiting && loading !== undefined) {
      loadingId.current ??= toast.loading(loading);
      return;
    }
    const id = loadingId.current;
    loadingId.current = undefined;
    if (error) toast.error(error, id ? { id } : undefined);
    else if (id) toast.dismiss(id);
  }, [waiting, loading, error, query.errorUpdatedAt]);

  // Leaving the screen mid-load must not leave the loading toast up.
  useEffect(
    () => () => {
      if (loadingId.current) toast.dismiss(loadingId.current);
      loadingId.current = undefined;
    },
    [],
  );
}
