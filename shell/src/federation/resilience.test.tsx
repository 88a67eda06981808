import { lazy, type ComponentType } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance, init, loadRemote, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { store, userSessionAtom } from '@halcyon/api-client/http';
import { renderShell, resetShellState } from '../test/harness';
import type { RemoteLoader } from './remotes';
import { RETRY_DELAYS_MS } from '@halcyon/app-kit';
import { createResilience, registerResilience, RemoteLoadError } from './resilience';

const ORIGIN = 'http://remotes.test';
const manifestUrl = (remote: string) => `${ORIGIN}/${remote}/mf-manifest.json`;

/** A manifest shaped like the remotes' builds emit; `release` stands for their chunks' content hashes. */
function manifest(remote: string, release = 'a1b2c3d4') {
  const files = { sync: [], async: [] };
  return {
    id: remote,
    name: remote,
    metaData: {
      name: remote,
      globalName: remote,
      buildInfo: { buildVersion: '0.0.0', buildName: `@halcyon/${remote}` },
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      pluginVersion: '2.9.2',
    },
    shared: [],
    remotes: [],
    exposes: [{ id: `${remote}:App`, name: 'App', path: './App', assets: { js: { sync: [], async: [`583.${release}.js`] }, css: files } }],
  };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** rspack's error for a chunk it could not load. */
function chunkLoadError(url: string): Error {
  return Object.assign(new Error(`Loading chunk 583 failed.\n(error: ${url})`), { name: 'ChunkLoadError', type: 'error', request: url });
}

function Screen() {
  return <h1>Stub screen</h1>;
}

/** The network at the fetch level: each manifest request gets the next answer (the last one repeats). */
function stubFetch(...answers: (() => Response)[]): jest.SpyInstance {
  let call = 0;
  return jest.spyOn(globalThis, 'fetch').mockClear().mockImplementation(async () => {
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    if (!answer) throw new Error('no answer');
    return answer();
  });
}

const networkDown = (): Response => {
  throw new TypeError('Failed to fetch');
};

/** The browser side of resilience, recorded: the waits it asked for, reloads. */
function fakeBrowser(random = 0.5) {
  const waits: number[] = [];
  const reload = jest.fn();
  const deps = { wait: async (ms: number) => void waits.push(ms), random: () => random, reload, storage: () => sessionStorage };
  return { waits, reload, deps };
}

/**
 * The container a remote's entry script defines. rspack's `get` loads the exposed module's chunks
 * and resolves to its factory; the runtime awaits it, though its type says `get` returns the factory.
 */
const container = (get: () => Promise<() => unknown>) => ({ init: async () => undefined, get: get as unknown as (id: string) => () => Promise<unknown> });

/** A runtime with the resilience plugin and a stand-in for the remote's entry script. */
function runtime(remote: string, resilience: ModuleFederationRuntimePlugin, get: () => Promise<() => unknown> = async () => () => ({ default: Screen })) {
  const entry: ModuleFederationRuntimePlugin = { name: 'stub-entry', loadEntry: async () => container(get) };
  return createInstance({ name: `host-${remote}`, remotes: [{ name: remote, entry: manifestUrl(remote) }], shared: {}, plugins: [entry, resilience] });
}

beforeEach(() => {
  sessionStorage.clear();
  jest.restoreAllMocks();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined); // the runtime logs each failure
});

describe('the remote manifest', () => {
  it('is retried after 0.3, 1 and 3 s (±20 %), a 404 too, bypassing caches after the first request', async () => {
    const browser = fakeBrowser();
    const fetched = stubFetch(networkDown, () => new Response('not found', { status: 404 }), () => new Response('{"half', { status: 200 }), () => json(manifest('m1')));
    const mf = runtime('m1', createResilience(browser.deps).plugin);
    await expect(mf.loadRemote('m1/App')).resolves.toEqual({ default: Screen });
    expect(browser.waits).toEqual([...RETRY_DELAYS_MS]);
    expect(fetched.mock.calls.map(([url, init]) => [url, (init as RequestInit).cache])).toEqual([
      [manifestUrl('m1'), undefined], // the runtime's own request: the page's preload answers it
      [manifestUrl('m1'), 'no-store'],
      [manifestUrl('m1'), 'no-store'],
      [manifestUrl('m1'), 'no-store'],
    ]);
  });

  it('stays down: after four attempts the error names its URL and the last answer', async () => {
    const browser = fakeBrowser(0);
    stubFetch(() => new Response('not found', { status: 404 }));
    const failure = runtime('m2', createResilience(browser.deps).plugin).loadRemote('m2/App');
    await expect(failure).rejects.toBeInstanceOf(RemoteLoadError);
    await expect(failure).rejects.toThrow(`Could not load the manifest of m2 from ${manifestUrl('m2')} after 4 attempts (HTTP 404).`);
    expect(browser.waits).toEqual(RETRY_DELAYS_MS.map((ms) => ms * 0.8)); // the jitter's lower bound
  });
});

describe('the remote entry script', () => {
  /** Stands in for the browser's script loading: each script the runtime adds fails until `okFrom`. */
  function scripts(remote: string, okFrom: number) {
    const urls: string[] = [];
    const plugin: ModuleFederationRuntimePlugin = {
      name: 'stub-scripts',
      createScript({ url }) {
        const script = document.createElement('script');
        const ok = urls.push(url) > okFrom;
        setTimeout(() => {
          if (ok) Object.assign(globalThis, { [remote]: container(async () => () => ({ default: Screen })) });
          script.dispatchEvent(new Event(ok ? 'load' : 'error'));
        });
        return script;
      },
    };
    return { urls, plugin };
  }

  it('is retried with backoff at a new URL each time, and its final error names it', async () => {
    const browser = fakeBrowser();
    stubFetch(() => json(manifest('e1')));
    const failing = scripts('e1', Infinity);
    const mf = createInstance({ name: 'host-e1', remotes: [{ name: 'e1', entry: manifestUrl('e1') }], shared: {}, plugins: [failing.plugin, createResilience(browser.deps).plugin] });
    await expect(mf.loadRemote('e1/App')).rejects.toThrow(`Could not load the entry script of e1 from ${ORIGIN}/e1/remoteEntry.js after 4 attempts.`);
    expect(failing.urls).toEqual([`${ORIGIN}/e1/remoteEntry.js`, `${ORIGIN}/e1/remoteEntry.js?retry=1`, `${ORIGIN}/e1/remoteEntry.js?retry=2`, `${ORIGIN}/e1/remoteEntry.js?retry=3`]);
    expect(browser.waits).toEqual([...RETRY_DELAYS_MS]);

    stubFetch(() => json(manifest('e2')));
    const flaky = scripts('e2', 2);
    const recovered = createInstance({ name: 'host-e2', remotes: [{ name: 'e2', entry: manifestUrl('e2') }], shared: {}, plugins: [flaky.plugin, createResilience(fakeBrowser().deps).plugin] });
    await expect(recovered.loadRemote('e2/App')).resolves.toEqual({ default: Screen });
    expect(flaky.urls).toHaveLength(3);
  });
});

describe("the exposed App's chunks", () => {
  it('are asked for again after a ChunkLoadError, and the final error names the chunk', async () => {
    stubFetch(() => json(manifest('c1')));
    const chunk = `${ORIGIN}/c1/__federation_expose_App.a1b2c3d4.js`;
    let gets = 0;
    const flaky = runtime('c1', createResilience(fakeBrowser().deps).plugin, async () => {
      gets += 1;
      if (gets < 3) throw chunkLoadError(chunk);
      return () => ({ default: Screen });
    });
    await expect(flaky.loadRemote('c1/App')).resolves.toEqual({ default: Screen });
    expect(gets).toBe(3);

    stubFetch(() => json(manifest('c2')));
    const gone = runtime('c2', createResilience(fakeBrowser().deps).plugin, async () => Promise.reject(chunkLoadError(chunk)));
    await expect(gone.loadRemote('c2/App')).rejects.toThrow(`Could not load a script of c2 from ${chunk} after 4 attempts.`);
  });

  it('are not retried for an error that is not a chunk failing to load', async () => {
    stubFetch(() => json(manifest('c3')));
    const get = jest.fn(async () => Promise.reject(new Error('Module "./App" does not exist in container.')));
    await expect(runtime('c3', createResilience(fakeBrowser().deps).plugin, get).loadRemote('c3/App')).rejects.toThrow('does not exist in container');
    expect(get).toHaveBeenCalledTimes(1);
  });
});

describe('a chunk gone after the page loaded', () => {
  const remoteInfo = (remote: string) => ({ name: remote, entry: manifestUrl(remote), type: 'global' as const, entryGlobalName: remote, shareScope: 'default' });

  /** A page (its own resilience, as after a reload) that loaded `release` of the remote's manifest. */
  async function pageWith(remote: string, release: string) {
    const browser = fakeBrowser();
    const resilience = createResilience(browser.deps);
    stubFetch(() => json(manifest(remote, release)));
    await resilience.plugin.fetch?.(manifestUrl(remote), {}, remoteInfo(remote));
    return { ...browser, resilience };
  }

  const lostChunk = (remote: string) => chunkLoadError(`${ORIGIN}/${remote}/583.a1b2c3d4.js`);

  it('reloads the page once when the live manifest is a new release', async () => {
    const page = await pageWith('r1', 'a1b2c3d4');
    const fetched = stubFetch(() => json(manifest('r1', 'e5f6a7b8')));
    await expect(page.resilience.afterChunkFailure('r1', lostChunk('r1'))).resolves.toBeNull();
    expect(fetched).toHaveBeenCalledWith(manifestUrl('r1'), { cache: 'no-store' });
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads twice for one release in a tab (the page got the old manifest again): the panel instead', async () => {
    const first = await pageWith('r2', 'a1b2c3d4');
    stubFetch(() => json(manifest('r2', 'e5f6a7b8')));
    await first.resilience.afterChunkFailure('r2', lostChunk('r2'));
    expect(first.reload).toHaveBeenCalledTimes(1);

    const reloaded = await pageWith('r2', 'a1b2c3d4');
    stubFetch(() => json(manifest('r2', 'e5f6a7b8')));
    const shown = await reloaded.resilience.afterChunkFailure('r2', lostChunk('r2'));
    expect(shown?.message).toBe(`Could not load a script of r2 from ${ORIGIN}/r2/583.a1b2c3d4.js.`);
    expect(reloaded.reload).not.toHaveBeenCalled();
  });

  it('the same release, or a manifest that cannot be read now: no reload, the error names the chunk', async () => {
    const page = await pageWith('r3', 'a1b2c3d4');
    await expect(page.resilience.afterChunkFailure('r3', lostChunk('r3'))).resolves.toHaveProperty('message', `Could not load a script of r3 from ${ORIGIN}/r3/583.a1b2c3d4.js.`);
    stubFetch(networkDown);
    await expect(page.resilience.afterChunkFailure('r3', lostChunk('r3'))).resolves.toBeInstanceOf(RemoteLoadError);
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('checks once per error, however often it is asked (StrictMode runs effects twice)', async () => {
    const page = await pageWith('r4', 'a1b2c3d4');
    const fetched = stubFetch(() => json(manifest('r4', 'e5f6a7b8')));
    const error = lostChunk('r4');
    await Promise.all([page.resilience.afterChunkFailure('r4', error), page.resilience.afterChunkFailure('r4', error)]);
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(page.reload).toHaveBeenCalledTimes(1);
  });
});

describe('in the shell', () => {
  const USER_APP = manifestUrl('user-app');
  let chunkGone = true;

  /** user_app's App: its screen's chunk fails while `chunkGone`. */
  const entry: ModuleFederationRuntimePlugin = {
    name: 'stub-entry',
    loadEntry: async () =>
      container(async () => {
        const Lost = lazy(async () => (chunkGone ? Promise.reject(chunkLoadError(`${ORIGIN}/user-app/583.a1b2c3d4.js`)) : { default: Screen }));
        return () => ({ default: () => <Lost /> });
      }),
  };

  /** remotes.ts's loader, less its page reloads: a retry re-registers the remote. */
  const loader: RemoteLoader = async (name, retry) => {
    if (retry) registerRemotes([{ name, entry: USER_APP }], { force: true });
    return (await loadRemote(`${name}/App`)) as { default: ComponentType };
  };

  beforeAll(() => {
    init({ name: 'shell', remotes: [], shared: {}, plugins: [entry] });
    registerResilience();
    registerRemotes([{ name: 'user_app', entry: USER_APP }]);
  });

  beforeEach(() => {
    resetShellState();
    store.set(userSessionAtom, { ...store.get(userSessionAtom), token: 'user-token' });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it("a screen's chunk gone in the release the page loaded: the panel names the chunk, and Retry loads it once it is back", async () => {
    const fetched = stubFetch(() => json(manifest('user_app')));
    renderShell('/user/main', loader);
    const alert = await screen.findByRole('alert', { name: 'We could not load this part of Halcyon.' });
    expect(alert).toHaveTextContent(`Could not load a script of user_app from ${ORIGIN}/user-app/583.a1b2c3d4.js.`);
    expect(fetched).toHaveBeenLastCalledWith(USER_APP, { cache: 'no-store' }); // the release was checked

    chunkGone = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Stub screen' })).toBeInTheDocument();
  });

  it('a remote that stays down ends in the panel naming its manifest, not in the loading state', async () => {
    stubFetch(() => new Response('not found', { status: 404 }));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      registerRemotes([{ name: 'user_app', entry: USER_APP }], { force: true });
      renderShell('/user/main', loader);
      expect(screen.getByText('Loading your account...')).toBeInTheDocument();
      await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms * 1.2, 0));
    } finally {
      jest.useRealTimers();
    }
    const alert = await screen.findByRole('alert', { name: 'We could not load this part of Halcyon.' });
    expect(alert).toHaveTextContent(`Could not load the manifest of user_app from ${USER_APP} after 4 attempts (HTTP 404).`);
  });
});
