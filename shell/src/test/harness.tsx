import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { clearAdminSessionAtom, clearUserSessionAtom, configureApi, store } from '@halcyon/api-client/http';
import { queryClient } from '@halcyon/api-client/react';
import { toast } from '@halcyon/shared-ui/toast';
import { Providers } from '../app/Providers';
import { AppRoutes, preloadScreens } from '../app/AppRoutes';
import { remotePage } from '../federation/remotePage';
import { captureBootForm } from '../boot/bootForm';
import { parseRuntimeConfig } from '../config/runtimeConfig';
import { RemoteLoaderContext } from '../federation/RemoteLoaderContext';
import type { RemoteLoader } from '../federation/remotes';

const API = 'http://api.test/api';

// Screens other than the login are lazy routes: load them up front so every test (alone or in
// any order) sees them render at once. lazyScreen.test.tsx covers the first-visit loading.
beforeAll(preloadScreens);

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

type Reply = { status: number; json: unknown };

/**
 * Replaces fetch with a table of 'METHOD /path' → reply (contract shapes), recording each call.
 * Unknown routes answer 404 like the server does.
 */
export function stubApi(routes: Record<string, Reply | ((body: unknown) => Reply)>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path, body, headers: request.headers });
    const route = routes[`${request.method} ${path}`];
    const reply = typeof route === 'function' ? route(body) : (route ?? { status: 404, json: { message: 'Not found', code: 'NOT_FOUND' } });
    return new Response(JSON.stringify(reply.json), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** Shows the current path so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const neverLoader: RemoteLoader = () => new Promise(() => undefined);

/** The shell as `index.tsx` renders it, at `path`, with a memory router and an injectable remote loader. */
export function renderShell(path: string, loader: RemoteLoader = neverLoader): RenderResult {
  return render(
    <Providers config={parseRuntimeConfig({ brand: 'Acme Invest' }, 'http://localhost/')}>
      <RemoteLoaderContext.Provider value={loader}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes remotePage={remotePage} />
          <LocationProbe />
        </MemoryRouter>
      </RemoteLoaderContext.Provider>
    </Providers>,
  );
}

export function resetShellState(): void {
  configureApi({ baseUrl: API });
  store.set(clearUserSessionAtom);
  store.set(clearAdminSessionAtom);
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
  toast.dismiss();
  jest.restoreAllMocks();
}

/**
 * The markup the server sends for a sign-in page (shell/prerender), typed into before any script
 * ran: `typed` by field name (text, or checked for a checkbox), `focused` the field left with the
 * focus. The app's first render takes it (boot/bootForm.ts); remove it once the app has rendered.
 */
export function typedBeforeStart(fields: string, typed: Record<string, string | boolean>, focused: string): HTMLElement {
  const prerendered = document.createElement('div');
  prerendered.innerHTML = `<form>${fields}</form>`;
  document.body.append(prerendered);
  const input = (name: string) => prerendered.querySelector(`input[name=${name}]`) as HTMLInputElement;
  for (const [name, value] of Object.entries(typed)) {
    if (typeof value === 'boolean') input(name).checked = value;
    else input(name).value = value;
  }
  input(focused).focus();
  captureBootForm(prerendered);
  return prerendered;
}

