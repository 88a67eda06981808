import { QueryClient } from '@tanstack/react-query';
// By the package's name, not './session': the federation shares `@halcyon/seam` by that name, and a
// relative import would give this entry a second session store.
import { adminTokenAtom, store, userTokenAtom } from '@halcyon/seam';

/**
 * A failure worth trying again: the network, a 5xx, 408 or 429; never another 4xx. Read by shape
 * (api-client's ApiError carries `status`): a remote built against a newer api-client throws its
 * own copy's class, which `instanceof` would not know.
 */
export function isRetryable(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
  if (typeof status !== 'number') return true;
  return status === 0 || status >= 500 || status === 408 || status === 429;
}

/**
 * The one QueryClient of the page (like the Jotai store): the shell and both remotes read and
 * write the same cache, and the profile is fetched once. Reads are retried twice on retryable
 * failures; mutations never (money calls are not repeated behind the user's back).
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
