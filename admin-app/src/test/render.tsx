import '@testing-library/jest-dom';
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { adminSessionAtom, configureApi, emptyAdminSession, store } from '@halcyon/api-client/http';
import { ApiProvider, queryClient } from '@halcyon/api-client/react';
import { GlobalStyle, theme } from '@halcyon/shared-ui';
import { Toaster, toast } from '@halcyon/shared-ui/toast';

// Toasts live in a module-level store and reads in the one QueryClient: start every test with none.
// Toasts, the read cache and the money intents' keys (sessionStorage) outlive a test: start every test with none.
afterEach(() => {
  toast.dismiss();
  queryClient.clear();
  window.sessionStorage.clear();
});
// api-client logs every failed call by design; the tests assert the toasts instead.
beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());
// The machine is shared by many jobs: user-event journeys need more than jest's 5 s default.
jest.setTimeout(30_000);

export const ADMIN_TOKEN = 'admin-test-token';

/** Shows where the router is, so tests can assert navigation (e.g. logout). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export interface RenderOptions {
  /** Initial URL, e.g. /admin/overview */
  route?: string;
  /** Put an admin session in the shared store (default true). */
  signedIn?: boolean;
}

/**
 * Renders like the shell does: router, the one jotai store and QueryClient, theme and toaster
 * around the given element mounted at /admin/*. Requests go to http://localhost/api (Node's
 * Request needs an absolute URL) and carry the test admin token. Failed reads are not retried,
 * so error states show at once.
 */
export function renderWithProviders(ui: ReactElement, { route = '/admin/overview', signedIn = true }: RenderOptions = {}): RenderResult {
  configureApi({ baseUrl: 'http://localhost/api' });
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  store.set(
    adminSessionAtom,
    signedIn
      ? { admin: { id: 'a1', uid: 'a1', role: 'admin', name: 'Ada Admin', email: 'ada@halcyon.test', createdAt: '2026-01-01T00:00:00.000Z' }, token: ADMIN_TOKEN, remember: false }
      : emptyAdminSession,
  );
  return render(
    <ApiProvider>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/admin/*" element={ui} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <Toaster />
      </ThemeProvider>
    </ApiProvider>,
  );
}
