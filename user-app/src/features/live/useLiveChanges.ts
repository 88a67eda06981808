import { useEffect } from 'react';
import { ApiError, followLiveChanges } from '@halcyon/api-client/http';
import { queryClient } from '@halcyon/api-client/react';

/** After the page's first load, not competing with it (the stream is a request that never ends). */
const START_AFTER_MS = 2_000;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;
/** Changes that come together (a decision and its earnings) are read once. */
const GATHER_MS = 150;
/** Answers that will not change by trying again: signed out, not an investor, no such route. */
const FINAL = new Set([401, 403, 404]);

/**
 * Keeps an open page of the user area current (issue 29 item 2): it follows GET /api/user/live
 * and, on each change the server tells of (an admin's decision, a credit from the chain,
 * earnings), reads again what the page shows; once more after the stream was down, since a change
 * may have been missed. A lost stream is tried again with a growing delay, at once when the page
 * is looked at again (focus, a tab shown).
 */
export function useLiveChanges(): void {
  useEffect(() => {
    const controller = new AbortController();
    let retry = FIRST_RETRY_MS;
    let waiting: ReturnType<typeof setTimeout> | undefined;
    let gathering: ReturnType<typeof setTimeout> | undefined;
    let wake: (() => void) | undefined;

    const refresh = () => {
      clearTimeout(gathering);
      gathering = setTimeout(() => void queryClient.invalidateQueries(), GATHER_MS);
    };
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        waiting = setTimeout(resolve, ms);
        wake = resolve;
      });
    const lookedAt = () => {
      if (document.visibilityState === 'visible') wake?.();
    };
    document.addEventListener('visibilitychange', lookedAt);
    window.addEventListener('focus', lookedAt);

    void (async () => {
      let first = true;
      await sleep(START_AFTER_MS);
      while (!controller.signal.aborted) {
        try {
          await followLiveChanges(controller.signal, (name) => {
            if (name === 'change') refresh();
            if (name !== 'ready') return;
            retry = FIRST_RETRY_MS;
            if (!first) refresh();
            first = false;
          });
        } catch (error) {
          if (controller.signal.aborted || (error instanceof ApiError && FINAL.has(error.status))) return;
        }
        await sleep(retry * (1 + Math.random() / 2));
        retry = Math.min(retry * 2, LAST_RETRY_MS);
      }
    })();

    return () => {
      controller.abort();
      clearTimeout(waiting);
      clearTimeout(gathering);
      document.removeEventListener('visibilitychange', lookedAt);
      window.removeEventListener('focus', lookedAt);
    };
  }, []);
}
