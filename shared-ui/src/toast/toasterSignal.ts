// Where the toast facade and the Toaster meet without the facade importing the Toaster (or
// react-toastify): the first toast asks for the container, the container says when it is up.
// Both load on that first toast, not with every page (issue 32).

let requested = false;
const listeners = new Set<() => void>();
let mounted = 0;
let waiting: (() => void)[] = [];

/** A toast is on its way: the Toaster loads and mounts its container (once; later calls do nothing). */
export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: has a toast been asked for yet? */
export const toasterRequested = (): boolean => requested;

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Called from the container's effect, once react-toastify's `ToastContainer` has registered: queued
 * toasts may go. Returns what its cleanup calls.
 */
export function toasterMounted(): () => void {
  mounted++;
  const ready = waiting;
  waiting = [];
  for (const resolve of ready) resolve();
  return () => {
    mounted--;
  };
}

/** Is a container up (so toasts may be on screen)? */
export const toasterIsMounted = (): boolean => mounted > 0;

/**
 * Resolves once a container is mounted. react-toastify keeps a toast pushed with no container for
 * later, but `isActive` and `update` do not see it, so an update sent before the container exists
 * would add a second toast instead of replacing the first.
 */
export function whenToasterMounted(): Promise<void> {
  return mounted > 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
}
