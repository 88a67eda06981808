import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { ApiProvider } from '@halcyon/api-client/react';
import { GlobalStyle, Toaster, theme } from '@halcyon/shared-ui';
import { RuntimeConfigContext } from '../config/RuntimeConfigContext';
import type { RuntimeConfig } from '../config/runtimeConfig';

/**
 * What the shell owns for the whole federation: the one Jotai store and the one QueryClient (both
 * from the shared api-client), the theme, global styles and the toaster. The router is given by the caller.
 */
export function Providers({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return (
    <RuntimeConfigContext.Provider value={config}>
      <ApiProvider>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          {children}
          <Toaster />
        </ThemeProvider>
      </ApiProvider>
    </RuntimeConfigContext.Provider>
  );
}
