import '@testing-library/jest-dom';
import type { ReactElement } from 'react';
import { act, render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Provider } from 'jotai';
import { ThemeProvider } from 'styled-components';
import { Toaster, theme, toast } from '@halcyon/shared-ui';
import { configureApi, dropdownAtom, emptyUserSession, store, userSessionAtom, type UserProfile } from '@halcyon/api-client';
import { profile } from './fixtures';

// ky needs an absolute URL under Node's fetch; the stub matches on the path only.
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

// Toasts live in a module-level store: start every test with none.
afterEach(() => {
  act(() => toast.dismiss());
});

/** Puts an investor session in the shared store (the one api-client reads the token from). */
export function signIn(user: UserProfile = profile()): UserProfile {
  window.localStorage.clear();
  window.sessionStorage.clear();
  store.set(userSessionAtom, { ...emptyUserSession, user, token: TOKEN });
  store.set(dropdownAtom, { open: false });
  return user;
}

/** Shows the current path so tests can assert on navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export interface RenderOptions {
  /** Where the router starts, e.g. '/user/withdraw'. */
  route?: string;
  /** The route pattern the element is mounted at; default: the route itself. */
  path?: string;
}

/**
 * Renders inside the providers the shell gives a remote: router, the shared Jotai store, theme,
 * and the toaster. The element is mounted at `path`; any other path renders its name only.
 */
export function renderWithProviders(ui: ReactElement, { route = '/user/main', path }: RenderOptions = {}): RenderResult {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <Routes>
            <Route path={path ?? route} element={ui} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <LocationProbe />
          <Toaster />
        </ThemeProvider>
      </Provider>
    </MemoryRouter>,
  );
}

export const currentPath = (): string => document.querySelector('[data-testid="location"]')?.textContent ?? '';
