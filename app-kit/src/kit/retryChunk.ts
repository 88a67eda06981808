import { lazy, type ComponentType } from 'react';

/**
 * The waits before each retry of a script that failed to load (the shell's federation retries, a
 * remote's screens): a deploy in flight or a dropped connection is usually over within them.
 */
export const RETRY_DELAYS_MS = [300, 1000, 3000] as const;

/** `ms` ±20 %, so that many tabs do not retry in step. */
export const jittered = (ms: number, random: () => number = Math.random): number => Math.round(ms * (0.8 + 0.4 * random()));

/** rspack's error for a chunk its runtime could not load; `request` is the chunk's URL. */
export const isChunkLoadError = (error: unknown): error is Error & { request?: unknown } => error instanceof Error && error.name === 'ChunkLoadError';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `load` (a dynamic import) tried again after each of RETRY_DELAYS_MS while its chunk fails to
 * load (rspack forgets a failed chunk, so the next import requests it again). Any other error, and
 * the last chunk error, go out as they are: the shell then checks whether a newer release
 * replaced the chunk (shell/src/federation/resilience.ts).
 */
export async function retryChunk<T>(load: () => Promise<T>, wait: (ms: number) => Promise<void> = sleep): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[retry];
      if (!isChunkLoadError(error) || delay === undefined) throw error;
      await wait(jittered(delay));
    }
  }
}

/** React.lazy whose chunk is retried (retryChunk): a remote's screens. */
export const lazyRetried = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) => lazy(() => retryChunk(load));
