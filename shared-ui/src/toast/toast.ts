// The product's toast calls, as a thin facade over react-toastify (a federation singleton, so a
// toast raised in any remote shows in the shell's one container).
import { createElement } from 'react';
import { toast as engine, type ToastOptions as EngineOptions } from 'react-toastify';

export type ToastType = 'loading' | 'success' | 'error' | 'blank';

export interface ToastOptions {
  /** Replace the toast with this id (e.g. the loading toast) instead of adding a new one. */
  id?: string;
  /** Override the default duration (ms). */
  duration?: number;
}

/** Spec section 9: error and blank 4000 ms, success 2000 ms, loading until dismissed, at most 20. */
export const TOAST_DURATIONS: Record<ToastType, number | null> = { loading: null, success: 2000, error: 4000, blank: 4000 };
export const TOAST_LIMIT = 20;

let counter = 0;

/** Everything a toast of this type sets, so an update fully replaces what the previous type set. */
function settings(type: ToastType, duration: number | null): EngineOptions {
  return {
    type: type === 'success' || type === 'error' ? type : 'default',
    isLoading: type === 'loading',
    autoClose: duration ?? false,
    // Errors interrupt; the rest waits for a pause (react-toastify's default is alert for all).
    role: type === 'error' ? 'alert' : 'status',
  };
}

/**
 * Replaces the toast `options.id` while it is shown; otherwise (none given, or it has closed) adds
 * a toast with a new id: react-toastify ignores an id that is still leaving the screen.
 */
function show(type: ToastType, message: string, options: ToastOptions = {}): string {
  const next = settings(type, options.duration ?? TOAST_DURATIONS[type]);
  // Its own element: the text exactly as given (the spec's 'login failed ' keeps its space) and
  // a flexible box between the icon and the close button.
  const content = createElement('p', null, message);
  if (options.id !== undefined && engine.isActive(options.id)) {
    // Same slot, new text, type and timer. Without delay: null the update waits 100 ms.
    engine.update(options.id, { ...next, render: content, delay: null });
    return options.id;
  }
  const id = `toast-${++counter}`;
  engine(content, { ...next, toastId: id });
  return id;
}

/** Dismiss one toast, or all (and any waiting beyond the limit) without an id. */
function dismiss(id?: string): void {
  if (id !== undefined) {
    engine.dismiss(id);
    return;
  }
  engine.clearWaitingQueue();
  engine.dismiss();
}

export const toast = {
  loading: (message: string, options?: ToastOptions) => show('loading', message, options),
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  blank: (message: string, options?: ToastOptions) => show('blank', message, options),
  dismiss,
};
