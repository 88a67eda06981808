import { useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { fieldsAreValid, type FieldRule } from './validate';
import { withToasts, type ToastTexts } from './withToasts';

/** `A`: what the submit passes on when a form has more than one way to send (Withdraw: with a passkey or not). */
export interface ToastForm<T, A = void> {
  /** Checked on submit (shared-ui's rules); the first bad field gets the focus. */
  rules?: FieldRule[];
  /**
   * A check after the field rules (e.g. the two passwords); false stops without a request. It may
   * wait for the person (a review step, useReviewStep: Manage earnings, Withdraw): a second submit
   * meanwhile sends nothing.
   * Its error toasts go in `group`, the form's, so the form's next success closes them.
   */
  check?: (arg: A, group: string) => boolean | Promise<boolean>;
  toasts: ToastTexts<T>;
  request: (arg: A) => Promise<T>;
  /** After a success, with the response (e.g. navigate). */
  done?: (result: T) => void;
  /** After a failure, its toast shown (e.g. back from the review step to the form). */
  failed?: () => void;
}

/**
 * The one form hook (issue 31 item 4): the submit runs the field checks, then one request at a
 * time behind the loading, success and error toasts (withToasts). `busy` is true while the request
 * runs (the button shows it). `onSubmit` is the form's submit, or the click of a button that sends
 * the form another way (its `arg`). Used by the auth forms (shell), the admin's Create Plan, Add
 * trader, Manage earnings and Update Wallets, and the investor's Invest, Withdraw and profile forms
 * (Profile, Settings). Deposit is not one: it sends no request (docs/frontend.md "One frontend kit").
 * The form's toasts are one group (`group`): its success closes the errors its earlier tries left
 * on screen, its check's included.
 */
export function useToastForm<T, A = void>(
  form: ToastForm<T, A>,
): { busy: boolean; group: string; onSubmit: (e: FormEvent<HTMLFormElement> | MouseEvent<HTMLButtonElement>, arg: A) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const group = useId();
  // From the submit to the answer, a check that waits included; a ref, so a second click in the
  // same moment sees it too.
  const running = useRef(false);

  async function onSubmit(e: FormEvent<HTMLFormElement> | MouseEvent<HTMLButtonElement>, arg: A) {
    e.preventDefault();
    // A button's click checks the rules of the form it belongs to.
    const element = e.currentTarget instanceof HTMLFormElement ? e.currentTarget : e.currentTarget.form;
    if (running.current || !element || !fieldsAreValid(element, form.rules ?? [])) return;
    running.current = true;
    try {
      if (form.check && !(await form.check(arg, group))) return;
      setBusy(true);
      const sent = await withToasts(form.toasts, () => form.request(arg), group);
      setBusy(false);
      if (sent.ok) form.done?.(sent.result);
      else form.failed?.();
    } finally {
      running.current = false;
    }
  }

  return { busy, group, onSubmit };
}
