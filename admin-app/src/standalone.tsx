import { StrictMode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Provider } from 'jotai';
import { ThemeProvider } from 'styled-components';
import { store } from '@halcyon/api-client';
import { GlobalStyle, Toaster, theme } from '@halcyon/shared-ui';
import App from './App';

/**
 * The remote on its own: the providers the shell gives it when federated (router, Jotai store,
 * theme, toasts), with its routes under /admin/*.
 * The API is same-origin /api, which its dev server proxies to the API server.
 */
export function Standalone() {
  return (
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <Toaster />
          <BrowserRouter>
            <Routes>
              <Route path="/admin/*" element={<App />} />
              <Route path="*" element={<Navigate to="/admin/" replace />} />
            </Routes>
          </BrowserRouter>
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}
