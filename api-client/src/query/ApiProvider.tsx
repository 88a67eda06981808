import type { ReactNode } from 'react';
import { Provider } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { store } from '@halcyon/api-client/http';
import { queryClient } from '@halcyon/seam/query';

/**
 * The api-client's two shared singletons in React: the Jotai store (sessions) and the one
 * QueryClient (the read cache). The shell renders it once for the federation; a remote renders it
 * only when it runs standalone.
 */
export function ApiProvider({ children }: { children: ReactNode }) {
  return (
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </Provider>
  );
}
