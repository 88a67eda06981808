import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../GlobalStyle';
import { theme } from '../theme';
import { Toaster } from '../toast/Toaster';

export interface StandaloneRemoteProps {
  /** Where the shell mounts the remote, e.g. '/admin': the app's routes live under it. */
  basePath: string;
  /** The remote's App (its routes, relative to basePath). */
  children: ReactNode;
}

/**
 * A remote on its own dev server: what the shell gives it when federated (router, theme, global
 * styles, toasts), with every other path sent to basePath. The api-client's store and query cache
 * come from its ApiProvider around this (shared-ui does not depend on api-client).
 */
export function StandaloneRemote({ basePath, children }: StandaloneRemoteProps) {
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <Toaster />
        <BrowserRouter>
          <Routes>
            <Route path={`${basePath}/*`} element={children} />
            <Route path="*" element={<Navigate to={`${basePath}/`} replace />} />
          </Routes>
        </BrowserRouter>
      </ThemeProvider>
    </StrictMode>
  );
}
