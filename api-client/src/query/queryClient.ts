import { QueryClient } from '@tanstack/react-query';
import { ApiError, store, userTokenAtom, adminTokenAtom } from '@halcyon/api-client/http';

/** A failure worth trying again: the network, a 5xx, 408 or 429; never another 4xx. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * The one QueryClient of the federation (like the Jotai store): api-client is a shared singleton,
 * so the shell and both remotes read and write the same cache, and the profile is fetched once.
 * Reads are retried twice on retryable failures; mutations never (money calls are not repeated
 * behind the user's back).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 5 * 60_000,
      retry: (failures, error) => failures < 2 && isRetryable(error),
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

// A session that ends (logout, 401, another account) must not leave its data on screen.
let userToken = store.get(userTokenAtom);
let adminToken = store.get(adminTokenAtom);
store.sub(userTokenAtom, () => {
  const next = store.get(userTokenAtom);
  if (next !== userToken) queryClient.removeQueries({ queryKey: ['user'] });
  userToken = next;
});
store.sub(adminTokenAtom, () => {
  const next = store.get(adminTokenAtom);
  if (next !== adminToken) queryClient.removeQueries({ queryKey: ['admin'] });
  adminToken = next;
});
