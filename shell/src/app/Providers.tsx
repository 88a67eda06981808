import type { ReactNode } from 'react';
import { Provider as StoreProvider } from 'jotai';
import { ThemeProvider } from 'styled-components';
import { store } from '@halcyon/api-client/http';
import { GlobalStyle, theme } from '@halcyon/shared-ui';
import { Toaster } from '@halcyon/shared-ui/toast';
import { RuntimeConfigContext } from '../config/RuntimeConfigContext';
import type { RuntimeConfig } from '../config/runtimeConfig';

/**
 * What the shell owns for the whole federation: the one Jotai store (the shared api-client's), the
 * theme, global styles and the toaster. The router is given by the caller. The one QueryClient is
 * provided under the remotes only (RemoteApp): the sign-in pages read nothing through it, and its
 * library stays off their JavaScript (issue 32).
 */
export function Providers({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return (
    <RuntimeConfigContext.Provider value={config}>
      <StoreProvider store={store}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          {children}
          <Toaster />
        </ThemeProvider>
      </StoreProvider>
    </RuntimeConfigContext.Provider>
  );
}
