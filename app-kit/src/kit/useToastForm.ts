import { useState, type FormEvent } from 'react';
import { fieldsAreValid, type FieldRule } from './validate';
import { withToasts, type ToastTexts } from './withToasts';

export interface ToastForm<T> {
  /** Checked on submit (shared-ui's rules); the first bad field gets the focus. */
  rules?: FieldRule[];
  /** A check after the field rules (e.g. the two passwords); false stops without a request. */
  check?: () => boolean;
  toasts: ToastTexts<T>;
  request: () => Promise<T>;
  /** After a success, with the response (e.g. navigate). */
  done?: (result: T) => void;
}

/**
 * The one form hook (issue 31 item 4): the submit runs the field checks, then one request at a
 * time behind the loading, success and error toasts (withToasts). `busy` is true while the request
 * runs (the button shows it). The auth forms, the admin's forms and the investor's money forms.
 */
export function useToastForm<T>(form: ToastForm<T>): { busy: boolean; onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void> } {
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !fieldsAreValid(e.currentTarget, form.rules ?? [])) return;
    if (form.check && !form.check()) return;
    setBusy(true);
    const sent = await withToasts(form.toasts, form.request);
    setBusy(false);
    if (sent.ok) form.done?.(sent.result);
  }

  return { busy, onSubmit };
}
