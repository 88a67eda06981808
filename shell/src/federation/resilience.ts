// The federation at run time when the network or a deploy gets in the way (issue 28 item 3): a
// remote's manifest, entry script and App chunks are retried with backoff, the error that finally
// surfaces names the file that failed, and a chunk that is gone because a newer release replaced
// it reloads the page into that release, once.
//
// Ours rather than @module-federation/retry-plugin: the registry has it only at 0.13.0 and 0.17.1,
// built for the 0.x runtime with its own copy of the sdk; 0.17.1 waits a fixed second between tries
// and its manifest error has no URL. Its source at 2.8 (GitHub) no longer retries the App's chunks.
// None of them knows releases.
import { useEffect, useState } from 'react';
import { registerPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { isChunkLoadError, jittered, RETRY_DELAYS_MS } from '@halcyon/app-kit';

type RemoteFile = 'manifest' | 'entry script' | 'script';
type EntryRetry = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;

/** A remote's file that could not be loaded. Its message is the line the error panel shows. */
export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';

  constructor(
    remote: string,
    readonly file: RemoteFile,
    url: string,
    attempts: number,
    reason: string | null,
    cause: unknown,
  ) {
    super(`Could not load ${file === 'script' ? 'a' : 'the'} ${file} of ${remote} from ${url}${attempts > 1 ? ` after ${attempts} attempts` : ''}${reason ? ` (${reason})` : ''}.`, { cause });
  }
}

/** What the browser does; tests give their own. */
interface ResilienceDeps {
  wait(ms: number): Promise<void>;
  random(): number;
  reload(): void;
  /** The tab's sessionStorage (may throw where storage is blocked). */
  storage(): Storage;
}

const browser: ResilienceDeps = {
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
  reload: () => window.location.reload(),
  storage: () => window.sessionStorage,
};

/** The releases this tab has reloaded for, as `remote@fingerprint`, so a reload can never loop. */
const RELOADED_KEY = 'halcyon.reloadedForRelease';

/** A chunk of the remote's code failed (not its manifest or entry): maybe a newer release replaced it. */
const isChunkFailure = (error: unknown): boolean => isChunkLoadError(error) || (error instanceof RemoteLoadError && error.file === 'script');

function chunkError(remote: string, error: unknown, attempts: number): RemoteLoadError {
  const request = isChunkLoadError(error) && typeof error.request === 'string' ? error.request : 'an unknown URL';
  return new RemoteLoadError(remote, 'script', request, attempts, null, error);
}

/** FNV-1a of a manifest's text: two releases' manifests differ (their chunks' content hashes). */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16);
}

/** The runtime's plugin and the check after a chunk failure, sharing what this page loaded. */
export function createResilience(deps: ResilienceDeps = browser) {
  /** The manifest each remote was last loaded with: its URL and fingerprint. */
  const loaded = new Map<string, { url: string; release: string }>();
  /** Each remote's last manifest failure, until its manifest is fetched again. */
  const manifestFailures = new Map<string, RemoteLoadError>();
  /** One check per error (StrictMode runs an effect twice). */
  const checks = new WeakMap<Error, Promise<Error | null>>();

  /**
   * Runs `attempt` until it succeeds, waiting RETRY_DELAYS_MS (±20 %, so that tabs do not retry in
   * step) before each retry; `from` is the number of attempts already made elsewhere. An error that
   * is not `retryable` goes out as it is; the last one is turned into `fail`'s.
   */
  async function withRetries<T>(
    attempt: (retry: number) => Promise<T>,
    fail: (error: unknown, attempts: number) => Error,
    { from = 0, retryable = () => true }: { from?: number; retryable?: (error: unknown) => boolean } = {},
  ): Promise<T> {
    for (let retry = from; ; retry += 1) {
      const delay = RETRY_DELAYS_MS[retry - 1];
      if (delay !== undefined) await deps.wait(jittered(delay, deps.random));
      try {
        return await attempt(retry);
      } catch (error) {
        if (!retryable(error)) throw error;
        if (retry >= RETRY_DELAYS_MS.length) throw fail(error, retry + 1);
      }
    }
  }

  /** A manifest and its text; an HTTP error (a 404 while a deploy copies files) or a half-written file is retried. */
  function fetchManifest(remote: string, url: string, init: RequestInit): Promise<{ response: Response; text: string }> {
    return withRetries(
      async (retry) => {
        // The first request is the runtime's own, so the page's preload of the manifest answers it;
        // a retry goes to the server, past a cached or preloaded failure.
        const response = await fetch(url, retry === 0 ? init : { ...init, cache: 'no-store' });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const text = await response.clone().text();
        try {
          JSON.parse(text);
        } catch {
          throw new Error('not valid JSON');
        }
        return { response, text };
      },
      (error, attempts) => new RemoteLoadError(remote, 'manifest', url, attempts, error instanceof Error ? error.message : String(error), error),
    );
  }

  /** Loads a remote's entry script again after the runtime's own attempt failed. */
  async function retryEntry({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: Parameters<EntryRetry>[0]) {
    const exports = await withRetries(
      (retry) => {
        // The failed load is still registered as in progress: another attempt would wait on it.
        delete globalLoading[uniqueKey];
        // A new URL each time: Chromium keeps a failed preload of the same URL failed for the
        // document. Static servers ignore the query; the entry's own code is not affected by it.
        const getEntryUrl = (url: string) => {
          const next = new URL(url, window.location.href);
          next.searchParams.set('retry', String(retry));
          return next.href;
        };
        return getRemoteEntry({ origin, remoteInfo, remoteEntryExports, getEntryUrl });
      },
      (error, attempts) => new RemoteLoadError(remoteInfo.name, 'entry script', remoteInfo.entry, attempts, null, error),
      { from: 1 },
    );
    return exports || undefined;
  }

  const plugin: ModuleFederationRuntimePlugin = {
    name: 'halcyon-resilience',

    // The runtime fetches manifests only through this hook (in a browser).
    async fetch(url, init, remoteInfo) {
      const remote = remoteInfo?.name ?? url;
      manifestFailures.delete(remote);
      try {
        const { response, text } = await fetchManifest(remote, url, init);
        loaded.set(remote, { url, release: fingerprint(text) });
        return response;
      } catch (error) {
        if (error instanceof RemoteLoadError) manifestFailures.set(remote, error);
        throw error;
      }
    },

    // The runtime wraps a failed manifest in 'Failed to get manifest. #RUNTIME-003', ours deep in
    // its text; the error panel shows an error's first line, so ours goes out instead.
    async errorLoadRemote({ lifecycle, remote }) {
      const failure = lifecycle === 'onLoad' && remote ? manifestFailures.get(remote.name) : undefined;
      if (failure) throw failure;
    },

    // The runtime's own attempt at the remote's entry script failed; what this returns replaces it.
    // Typed by the runtime as a promise of a promise: it awaits the answer either way.
    loadEntryError: (args) => retryEntry(args) as ReturnType<EntryRetry>,

    // The exposed module's chunks load when the runtime asks the container for it: a failed chunk
    // is requested again by the next `get` (rspack forgets failed chunks).
    async getModuleFactory({ remoteEntryExports, expose, moduleInfo }) {
      return withRetries(
        async () => remoteEntryExports.get(expose),
        (error, attempts) => chunkError(moduleInfo.name, error, attempts),
        { retryable: isChunkLoadError },
      );
    },
  };

  /** Whether this tab may still reload for `release` (and notes that it does); never where storage fails. */
  function mayReloadFor(release: string): boolean {
    try {
      const storage = deps.storage();
      const done = JSON.parse(storage.getItem(RELOADED_KEY) ?? '[]') as string[];
      if (done.includes(release)) return false;
      storage.setItem(RELOADED_KEY, JSON.stringify([...done, release]));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * After a chunk of `remote` failed (a screen's code, loaded by the remote's own bundler runtime,
   * which the federation runtime does not see, so it surfaces in the shell's error boundary): if
   * the remote's live manifest is not the one this page loaded, a newer release deleted the chunk,
   * and the page reloads at the same URL into it, once per release per tab. Resolves null while
   * reloading, else the error for the panel (Retry).
   */
  async function checkRelease(remote: string, error: Error): Promise<Error | null> {
    const shown = error instanceof RemoteLoadError ? error : chunkError(remote, error, 1);
    const page = loaded.get(remote);
    if (!page) return shown;
    let live: string;
    try {
      live = fingerprint((await fetchManifest(remote, page.url, { cache: 'no-store' })).text);
    } catch {
      return shown; // the remote is unreachable: the chunk is what failed
    }
    if (live === page.release || !mayReloadFor(`${remote}@${live}`)) return shown;
    deps.reload();
    return null;
  }

  function afterChunkFailure(remote: string, error: Error): Promise<Error | null> {
    const check = checks.get(error) ?? checkRelease(remote, error);
    checks.set(error, check);
    return check;
  }

  return { plugin, afterChunkFailure };
}

const app = createResilience();

/** Adds the retries to the page's federation runtime; call before any remote loads. */
export function registerResilience(): void {
  registerPlugins([app.plugin]);
}

/**
 * What a remote's error boundary shows for `error`: the error, or null (the loading state) while a
 * chunk failure is checked against the remote's live release and while the page reloads into it.
 */
export function useRemoteFailure(remote: string, error: Error): Error | null {
  const [shown, setShown] = useState<Error | null>(() => (isChunkFailure(error) ? null : error));
  useEffect(() => {
    if (!isChunkFailure(error)) return undefined;
    let current = true;
    void app.afterChunkFailure(remote, error).then((result) => current && setShown(result));
    return () => {
      current = false;
    };
  }, [remote, error]);
  return shown;
}
