import { useState, type FormEvent } from 'react';
import { fieldsAreValid, type FieldRule } from './validate';
import { withToasts, type ToastTexts } from './withToasts';

export interface ToastForm<T> {
  /** Checked on submit (shared-ui's rules); the first bad field gets the focus. */
  rules: FieldRule[];
  /** A check after the field rules (e.g. the two passwords); false stops without a request. */
  check?: () => boolean;
  toasts: ToastTexts<T>;
  request: () => Promise<T>;
  /** After a success, with the response (e.g. navigate). */
  done?: (result: T) => void;
}

/**
 * The submit of an auth form: field checks, then one request at a time behind the loading,
 * success and error toasts. `busy` is true while the request runs (the button shows it).
 */
export function useToastForm<T>(form: ToastForm<T>): { busy: boolean; onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void> } {
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !fieldsAreValid(e.currentTarget, form.rules)) return;
    if (form.check && !form.check()) return;
    setBusy(true);
    const result = await withToasts(form.toasts, form.request);
    setBusy(false);
    if (result !== undefined) form.done?.(result);
  }

  return { busy, onSubmit };
}
