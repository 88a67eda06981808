import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@halcyon/api-client';

export type Remote<T> =
  | { status: 'loading'; data: T | undefined; error: null; reload: () => Promise<void> }
  | { status: 'error'; data: T | undefined; error: string; reload: () => Promise<void> }
  | { status: 'ready'; data: T; error: null; reload: () => Promise<void> };

/**
 * Loads one resource for a screen: loading, error (the server's message, else `fallback`) and
 * ready states, plus `reload` so an action can refresh the rows it changed. Data already shown
 * stays on screen while a reload runs, so tables do not flash.
 */
export function useRemote<T>(load: (signal: AbortSignal) => Promise<T>, fallback: string): Remote<T> {
  const [state, setState] = useState<{ status: 'loading' | 'error' | 'ready'; data: T | undefined; error: string | null }>({
    status: 'loading',
    data: undefined,
    error: null,
  });
  // The loader is usually an inline arrow: keep the latest without re-running the effect.
  const loadRef = useRef(load);
  loadRef.current = load;
  const controllerRef = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setState((s) => ({ ...s, status: s.data === undefined ? 'loading' : s.status }));
    try {
      const data = await loadRef.current(controller.signal);
      if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
    } catch (error) {
      if (!controller.signal.aborted) setState((s) => ({ status: 'error', data: s.data, error: errorMessage(error, fallback) }));
    }
  }, [fallback]);

  useEffect(() => {
    void reload();
    return () => controllerRef.current?.abort();
  }, [reload]);

  return { ...state, reload } as Remote<T>;
}
