// The product's toast calls, as a thin facade over react-toastify (a federation singleton, so a
// toast raised in any remote shows in the shell's one container). The library is not on the first
// load (issue 32, ~10 KB gzip): a call returns its id at once and its work waits, in call order, on
// one promise chain that loads the library and the Toaster's container with the first toast.
import { createElement, type ReactElement } from 'react';
import type { toast as EngineToast, ToastOptions as EngineOptions } from 'react-toastify';
import { requestToaster, toasterIsMounted, whenToasterMounted } from './toasterSignal';

type Engine = typeof EngineToast;

export type ToastType = 'loading' | 'success' | 'error' | 'blank';

export interface ToastOptions {
  /** Replace the toast with this id (e.g. the loading toast) instead of adding a new one. */
  id?: string;
  /** Override the default duration (ms). */
  duration?: number;
  /**
   * The form (or panel) the toast is about. A success in a group closes that group's error toasts
   * still shown: they are stale once the same form has succeeded ("That code is not valid" beside
   * the recovery codes the right code brought).
   */
  group?: string;
}

/** Spec section 9: error and blank 4000 ms, success 2000 ms, loading until dismissed, at most 20. */
export const TOAST_DURATIONS: Record<ToastType, number | null> = { loading: null, success: 2000, error: 4000, blank: 4000 };
export const TOAST_LIMIT = 20;

let counter = 0;

/** What a toast says, as shown. */
interface Shown {
  type: ToastType;
  message: string;
  group?: string | undefined;
}

/**
 * The toasts shown or on their way and not seen to close, by id: what a call can replace (kept
 * here, as the library's `isActive` knows nothing of the calls still waiting on the chain), and
 * what a page hands over to the next (handOverToasts).
 */
const live = new Map<string, Shown>();

/** A toast to add, still waiting on the chain (for the library or its container). */
interface WaitingAdd {
  id: string;
  content: ReactElement;
  options: EngineOptions;
}
const waiting = new Map<string, WaitingAdd>();

/**
 * Toasts added whose enter animation has not started yet, each with when it will have (and how to
 * end the wait if the toast goes first). react-toastify starts a toast's clock when its enter
 * animation ends or is cancelled; an update re-renders the toast's classes, and one that lands
 * before that animation's first frame drops it without any event, so the toast never closes. Seen
 * in CI on a loaded machine, where a frame took longer than the 100 ms this once waited at most:
 * "Please wait..." became "Invalid email or password" and stayed. A hidden tab draws no frames:
 * there an update waits until the tab is shown.
 */
const entering = new Map<string, { started: Promise<void>; end: () => void }>();

const ENTER_EVENTS = ['animationstart', 'animationend', 'animationcancel'] as const;

/** Starts watching the toast `id`, just added, for its enter animation's start (see `entering`). */
function watchEnter(id: string): void {
  let end = () => undefined as void;
  const started = new Promise<void>((resolve) => {
    // Captured on the document: the toast's element does not exist until the container renders it.
    const onEvent = (event: Event) => {
      if (event.target instanceof Element && event.target.id === id) end();
    };
    // A frame in which the toast is up with no enter animation: none to wait for (no transition
    // under reduced motion, so no classes; its stylesheet did not apply; or no CSS animations at
    // all, as in jsdom).
    const check = () => {
      const el = document.getElementById(id);
      if (el && (!el.classList.contains('Toastify--animate') || typeof el.getAnimations !== 'function' || el.getAnimations().length === 0)) end();
      else if (entering.has(id)) frame = requestAnimationFrame(check);
    };
    let frame = requestAnimationFrame(check);
    end = () => {
      for (const type of ENTER_EVENTS) document.removeEventListener(type, onEvent, true);
      cancelAnimationFrame(frame);
      entering.delete(id);
      resolve();
    };
    for (const type of ENTER_EVENTS) document.addEventListener(type, onEvent, true);
  });
  entering.set(id, { started, end });
}

let engine: Promise<Engine> | undefined;
/** Every engine operation, in call order; undefined until the first toast. */
let chain: Promise<void> | undefined;
/** Counts dismiss-alls: an operation queued before one is dropped. */
let dismissals = 0;

function loadEngine(): Promise<Engine> {
  engine ??= import('react-toastify').then(
    ({ toast: lib }) => {
      // A toast closed by its timer or its button can no longer be replaced.
      lib.onChange((item) => {
        if (item.status !== 'removed') return;
        live.delete(String(item.id));
        // Gone before its enter animation started: nothing waits for it any more.
        entering.get(String(item.id))?.end();
      });
      return lib;
    },
    (error: unknown) => {
      // A failed download (e.g. offline): the next toast tries again.
      engine = undefined;
      throw error;
    },
  );
  return engine;
}

/** Runs `operation` after everything queued before it, once the library and its container are up. */
function enqueue(operation: (lib: Engine) => void | Promise<void>): void {
  const generation = dismissals;
  requestToaster();
  chain = (chain ?? Promise.resolve())
    .then(async () => {
      const lib = await loadEngine();
      await whenToasterMounted();
      if (generation === dismissals) await operation(lib);
    })
    .catch((error: unknown) => console.error('[toast]', error));
}

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
  const { group } = options;
  // The group's errors are stale once it succeeds (not the toast this call replaces: it becomes the success).
  if (type === 'success' && group !== undefined) clearErrors(group, options.id);
  const next = settings(type, options.duration ?? TOAST_DURATIONS[type]);
  // Its own element: the text exactly as given (the spec's 'login failed ' keeps its space) and
  // a flexible box between the icon and the close button.
  const content = createElement('p', null, message);
  const queued = options.id === undefined ? undefined : waiting.get(options.id);
  if (queued) {
    live.set(queued.id, { type, message, group });
    // Not added yet (e.g. a loading toast whose request ended before the library came): it comes
    // in as this one, in its place. An update in the frame a toast is added would cut its enter
    // animation before it starts, and react-toastify starts a toast's timer when that animation ends.
    queued.content = content;
    queued.options = next;
    return queued.id;
  }
  if (options.id !== undefined && live.has(options.id)) {
    const id = options.id;
    live.set(id, { type, message, group });
    const generation = dismissals;
    enqueue(async (lib) => {
      await entering.get(id)?.started;
      // All toasts were dismissed while it waited: nothing to show.
      if (generation !== dismissals) return;
      // Same slot, new text, type and timer. Without delay: null the update waits 100 ms.
      if (lib.isActive(id)) lib.update(id, { ...next, render: content, delay: null });
      // (Rare) it closed while this call waited: a new toast, with the id returned.
      else lib(content, { ...next, toastId: id });
    });
    return id;
  }
  const add: WaitingAdd = { id: `toast-${++counter}`, content, options: next };
  waiting.set(add.id, add);
  live.set(add.id, { type, message, group });
  enqueue((lib) => {
    // Dismissed while it waited: never shown.
    if (waiting.get(add.id) !== add) return;
    waiting.delete(add.id);
    watchEnter(add.id);
    lib(add.content, { ...add.options, toastId: add.id });
  });
  return add.id;
}

/** Dismiss one toast, or all (those waiting beyond the limit or on the chain included) without an id. */
function dismiss(id?: string): void {
  if (id !== undefined) {
    live.delete(id);
    // Still waiting: it will not be shown. Never shown at all: nothing to close, nothing to load.
    if (waiting.delete(id) || chain === undefined) return;
    enqueue((lib) => lib.dismiss(id));
    return;
  }
  live.clear();
  waiting.clear();
  dismissals++;
  // Nothing waits for a closed toast's enter animation: one whose container went away first (a test's
  // render unmounted) would otherwise hold every later toast operation.
  for (const { end } of [...entering.values()]) end();
  // With no container up, no toast is on screen: dropping those waiting on the chain is all there is
  // to do (and nothing loads before the first toast).
  if (!toasterIsMounted()) return;
  enqueue((lib) => {
    lib.clearWaitingQueue();
    lib.dismiss();
  });
}

/** Closes the error toasts of `group` still shown or waiting (but `except`): its form has succeeded since. */
function clearErrors(group: string, except?: string): void {
  for (const [id, shown] of [...live]) if (shown.group === group && shown.type === 'error' && id !== except) dismiss(id);
}

/** Where a page leaves its toasts for the next one (sessionStorage: this tab only). */
const HANDOVER_KEY = 'halcyon:toasts';
const HANDED_OVER: readonly ToastType[] = ['success', 'error', 'blank'];

/**
 * Before the page is replaced by a full load (a sign-in page handing over to the app, shell's
 * OpenApp): keeps the toasts on screen for the next page, so "Login Successfully" is still read.
 * A loading toast stays behind: what it waited for has ended.
 */
export function handOverToasts(): void {
  const shown = [...live.values()].filter((t) => HANDED_OVER.includes(t.type)).map(({ type, message }) => ({ type, message }));
  try {
    if (shown.length) sessionStorage.setItem(HANDOVER_KEY, JSON.stringify(shown));
  } catch {
    // No storage (private mode, full): the toasts end with the page, as before.
  }
}

/** As a page starts: shows, once and for their full time, the toasts the previous page handed over. */
export function resumeToasts(): void {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(HANDOVER_KEY);
    sessionStorage.removeItem(HANDOVER_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  let items: unknown;
  try {
    items = JSON.parse(raw);
  } catch {
    return;
  }
  if (!Array.isArray(items)) return;
  for (const item of items as Partial<Shown>[]) {
    if (item && HANDED_OVER.includes(item.type as ToastType) && typeof item.message === 'string') show(item.type as ToastType, item.message);
  }
}

export const toast = {
  loading: (message: string, options?: ToastOptions) => show('loading', message, options),
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  blank: (message: string, options?: ToastOptions) => show('blank', message, options),
  dismiss,
  /** A success that shows no toast of its own still makes its group's errors stale. */
  clearErrors: (group: string) => clearErrors(group),
};
