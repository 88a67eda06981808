import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { init, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { adminSessionAtom, store, userSessionAtom } from '@halcyon/api-client/http';
import { SEAM_VERSION } from '@halcyon/seam';
import { renderShell, resetShellState } from '../test/harness';
import { loadRemoteApp, registerRuntimeRemotes } from './remotes';
import { seamCheckPlugin } from './seamCheck';

const USER_MANIFEST = 'http://remotes.test/user-app/mf-manifest.json';

const seamMajor = Number(SEAM_VERSION.split('.')[0]);
/** The seam version the remote's build asks for (mf-shared.cjs writes `^<its version>`). */
let seamRequired = `^${SEAM_VERSION}`;

/** A manifest shaped like the one user-app's build emits. */
const manifest = () => ({
  id: 'user_app',
  name: 'user_app',
  metaData: {
    name: 'user_app',
    globalName: 'user_app',
    buildInfo: { buildVersion: '0.0.0', buildName: '@halcyon/user-app' },
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    types: { path: '', name: '', zip: '', api: '' },
    pluginVersion: '2.9.2',
  },
  shared: [{ id: 'user_app:@halcyon/seam', name: '@halcyon/seam', version: seamRequired.slice(1), singleton: true, requiredVersion: seamRequired, assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }],
  remotes: [],
  exposes: [{ id: 'user_app:App', name: 'App', path: './App', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }],
});

function StubUserApp() {
  return <h1>Stub user dashboard</h1>;
}

let reachable = false;
let manifestRequests = 0;
let entriesLoaded = 0;

/**
 * Stands in for the network and for the remote's container: the federation runtime itself does
 * the registering, manifest handling and module loading.
 */
const stubNetwork: ModuleFederationRuntimePlugin = {
  name: 'stub-network',
  async fetch(url: string) {
    manifestRequests += 1;
    if (!reachable) throw new TypeError(`fetch failed: ${url}`);
    return new Response(JSON.stringify(manifest()), { headers: { 'content-type': 'application/json' } });
  },
  async loadEntry() {
    entriesLoaded += 1;
    return { init: async () => undefined, get: () => async () => ({ default: StubUserApp }) };
  },
};

beforeAll(() => {
  init({ name: 'shell', remotes: [], shared: {}, plugins: [stubNetwork, seamCheckPlugin()] });
  registerRuntimeRemotes({ user_app: USER_MANIFEST, admin_app: 'http://remotes.test/admin-app/mf-manifest.json' });
});

beforeEach(() => {
  resetShellState();
  store.set(userSessionAtom, { ...store.get(userSessionAtom), token: 'user-token' });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('a remote mounted through the federation runtime', () => {
  it('shows the error panel when the remote is unreachable, and Retry loads it', async () => {
    reachable = false;
    manifestRequests = 0;
    renderShell('/user/main', loadRemoteApp);
    expect(screen.getByText('Loading your account...')).toBeInTheDocument();
    const alert = await screen.findByRole('alert', { name: 'We could not load this part of Halcyon.' });
    expect(alert).toHaveTextContent(USER_MANIFEST);
    expect(manifestRequests).toBeGreaterThan(0);

    reachable = true;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Stub user dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'We could not load this part of Halcyon.' })).not.toBeInTheDocument();
  });

  it('refuses a remote built for another major of the seam before running any of its code', async () => {
    reachable = true;
    seamRequired = `^${seamMajor + 1}.0.0`;
    entriesLoaded = 0;
    store.set(adminSessionAtom, { admin: null, token: 'admin-token', remember: false });
    renderShell('/admin/overview', loadRemoteApp); // admin_app: its manifest is not cached yet
    const alert = await screen.findByRole('alert', { name: 'We could not load this part of Halcyon.' });
    expect(alert).toHaveTextContent('This part of Halcyon was released for a different version of the page you have open.');
    expect(alert).toHaveTextContent(`admin_app was released for version ^${seamMajor + 1}.0.0 of the page's interface, and this page has ${SEAM_VERSION}.`);
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(entriesLoaded).toBe(0);
    seamRequired = `^${SEAM_VERSION}`;
  });
});

describe('RemoteApp with an injected loader', () => {
  it('shows the loading state, then the remote', async () => {
    let release: () => void = () => undefined;
    const loader = jest.fn(() => new Promise<{ default: typeof StubUserApp }>((r) => (release = () => r({ default: StubUserApp }))));
    renderShell('/user/main', loader);
    expect(screen.getByText('Loading your account...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Stub user dashboard' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('user_app', false);
  });

  it('shows the error panel with the error text when the remote crashes while rendering', async () => {
    store.set(adminSessionAtom, { admin: null, token: 'admin-token', remember: false });
    function Broken(): never {
      throw new Error('admin_app exploded');
    }
    renderShell('/admin/overview', async () => ({ default: Broken }));
    const alert = await screen.findByRole('alert', { name: 'We could not load this part of Halcyon.' });
    expect(alert).toHaveTextContent('admin_app exploded');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'We could not load this part of Halcyon.' })).toHaveFocus());
  });
});
