import '@testing-library/jest-dom';
import type { ReactElement } from 'react';
import { act, render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Provider } from 'jotai';
import { ThemeProvider } from 'styled-components';
import { theme } from '@halcyon/shared-ui';
import { Toaster, toast } from '@halcyon/shared-ui/toast';
import type { ResponseOf, UserProfile } from '@halcyon/api-client/model';
import { configureApi, dropdownAtom, sessionUserOf, store, userSessionAtom } from '@halcyon/api-client/http';
import { QueryClientProvider, queryClient, queryKey } from '@halcyon/api-client/react';
import { profile } from './fixtures';

// Node's fetch needs an absolute URL; the stub matches on the path only.
configureApi({ baseUrl: 'http://localhost/api' });

export const TOKEN = 'test-token';

// api-client logs every failed call ([api] …); the failures here are on purpose, keep the output readable.
const realWarn = console.warn.bind(console);
beforeAll(() => {
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('[api]')) return;
    realWarn(...args);
  });
});
afterAll(() => jest.restoreAllMocks());

// Failing reads are retried (with backoff) in the product; here each failure shows at once.
queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });

// jsdom runs no CSS animations: react-toastify's exit animation would never end and closed toasts
// would stay in the DOM. Reporting reduced motion makes the Toaster skip its transitions.
window.matchMedia ??= ((query: string) => ({
  matches: query === '(prefers-reduced-motion: reduce)',
  media: query,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
})) as unknown as typeof window.matchMedia;

// Toasts, the read cache and the money intents' keys (sessionStorage) outlive a test: start every test with none.
afterEach(() => {
  act(() => toast.dismiss());
  queryClient.clear();
  window.sessionStorage.clear();
});

/** Puts an investor session (identity and token, as the login does) in the shared store. */
export function signIn(user: UserProfile = profile()): UserProfile {
  window.localStorage.clear();
  window.sessionStorage.clear();
  store.set(userSessionAtom, { user: sessionUserOf(user), token: TOKEN, remember: false });
  store.set(dropdownAtom, { open: false });
  return user;
}

/** A profile already in the cache (as after the login), read at `updatedAt` (older than 30 s: stale). */
export function cacheProfile(user: UserProfile, updatedAt = Date.now()): void {
  queryClient.setQueryData<ResponseOf<'getProfile'>>(queryKey('getProfile'), { data: user }, { updatedAt });
}

/** The profile the screens read (the shared query cache). */
export const cachedProfile = (): UserProfile | undefined => queryClient.getQueryData<ResponseOf<'getProfile'>>(queryKey('getProfile'))?.data;

/** Shows the current path so tests can assert on navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-search={location.search}>
      {location.pathname}
    </output>
  );
}

export interface RenderOptions {
  /** Where the router starts, e.g. '/user/withdraw'. */
  route?: string;
  /** The route pattern the element is mounted at; default: the route itself. */
  path?: string;
}

/**
 * Renders inside the providers the shell gives a remote: router, the shared Jotai store and
 * QueryClient, theme, and the toaster. The element is mounted at `path`; any other path renders its name only.
 */
export function renderWithProviders(ui: ReactElement, { route = '/user/main', path }: RenderOptions = {}): RenderResult {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider theme={theme}>
            <Routes>
              <Route path={path ?? route} element={ui} />
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
            <LocationProbe />
            <Toaster />
          </ThemeProvider>
        </QueryClientProvider>
      </Provider>
    </MemoryRouter>,
  );
}

export const currentPath = (): string => document.querySelector('[data-testid="location"]')?.textContent ?? '';

/** The current address's query string ('?deposit=d-1'; '' without one). */
export const currentSearch = (): string => document.querySelector('[data-testid="location"]')?.getAttribute('data-search') ?? '';
