// Module-level toast store. shared-ui is a federation singleton, so the shell's <Toaster> shows
// toasts raised from any remote.

export type ToastType = 'loading' | 'success' | 'error' | 'blank';

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  /** ms until it closes by itself; null = until dismissed. */
  duration: number | null;
}

export interface ToastOptions {
  /** Replace the toast with this id (e.g. the loading toast) instead of adding a new one. */
  id?: string;
  /** Override the default duration (ms). */
  duration?: number;
}

/** Spec section 9: error and blank 4000 ms, success 2000 ms, loading until dismissed, at most 20. */
export const TOAST_DURATIONS: Record<ToastType, number | null> = { loading: null, success: 2000, error: 4000, blank: 4000 };
export const TOAST_LIMIT = 20;

let toasts: readonly Toast[] = [];
let counter = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const l of listeners) l();
}

function clearTimer(id: string) {
  const t = timers.get(id);
  if (t !== undefined) clearTimeout(t);
  timers.delete(id);
}

function show(type: ToastType, message: string, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  const duration = options.duration ?? TOAST_DURATIONS[type];
  const item: Toast = { id, type, message, duration };
  clearTimer(id);
  let next: Toast[];
  if (toasts.some((t) => t.id === id)) {
    next = toasts.map((t) => (t.id === id ? item : t)); // replace in place
  } else {
    next = [...toasts, item];
    // Oldest go first when over the limit.
    while (next.length > TOAST_LIMIT) {
      const dropped = next.shift();
      if (dropped) clearTimer(dropped.id);
    }
  }
  if (duration !== null) timers.set(id, setTimeout(() => dismiss(id), duration));
  emit(next);
  return id;
}

function dismiss(id?: string) {
  if (id === undefined) {
    for (const t of toasts) clearTimer(t.id);
    emit([]);
    return;
  }
  clearTimer(id);
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

export const toast = {
  loading: (message: string, options?: ToastOptions) => show('loading', message, options),
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  blank: (message: string, options?: ToastOptions) => show('blank', message, options),
  /** Dismiss one toast, or all without an id. */
  dismiss,
};

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}
