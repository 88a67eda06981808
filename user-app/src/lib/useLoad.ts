import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@halcyon/api-client';

export interface LoadState<T> {
  data: T | undefined;
  loading: boolean;
  error: string | null;
  reload: () => Promise<void>;
}

/**
 * Runs `fetcher` on mount (and on reload) and keeps loading / error / data. The error is the
 * server's message when there is one, else `fallback`.
 */
export function useLoad<T>(fetcher: () => Promise<T>, fallback: string): LoadState<T> {
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; error: string | null }>({ data: undefined, loading: true, error: null });
  const alive = useRef(true);

  const reload = useCallback(async () => {
    setState((s) => ({ ...s, loading: true, error: null }));
    try {
      const data = await fetcherRef.current();
      if (alive.current) setState({ data, loading: false, error: null });
    } catch (error) {
      if (alive.current) setState((s) => ({ ...s, loading: false, error: errorMessage(error, fallback) }));
    }
  }, [fallback]);

  useEffect(() => {
    alive.current = true;
    void reload();
    return () => {
      alive.current = false;
    };
  }, [reload]);

  return { ...state, reload };
}
