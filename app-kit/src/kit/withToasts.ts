import { errorMessage } from '@halcyon/api-client/http';
import { toast } from '@halcyon/shared-ui/toast';

export interface ToastTexts<T> {
  /** Shown while the request runs, then replaced in place by the result; none for instant changes. */
  loading?: string;
  /**
   * Fixed success text, or one built from the response (e.g. the server's message); null when the
   * screen itself shows the success (two-factor's QR code): no toast, the group's errors still go.
   */
  success: string | ((result: T) => string | null);
  /**
   * Shown when the server gives no message (or always, with `fixedFailure`); one built from the
   * error when a change has steps that fail with texts of their own (Add trader's image upload).
   */
  failure: string | ((error: unknown) => string);
  /** Show `failure` even when the server has a message (spec texts for the password screens). */
  fixedFailure?: boolean;
}

export type ToastedResult<T> = { ok: true; result: T } | { ok: false };

/**
 * The one way a change reports its end (spec 8): an optional loading toast, then the success text
 * or the server's message (else `failure`) in its place. Resolves with the result, or `ok: false`
 * after a failure, so a form can reset or close only on success. Its toasts belong to `group` (the
 * form's: useToastForm gives one), so a success closes the errors an earlier try of it left.
 */
export async function withToasts<T>(texts: ToastTexts<T>, request: () => Promise<T>, group?: string): Promise<ToastedResult<T>> {
  const id = texts.loading === undefined ? undefined : toast.loading(texts.loading, { group });
  const options = { ...(id === undefined ? {} : { id }), group };
  try {
    const result = await request();
    const success = typeof texts.success === 'function' ? texts.success(result) : texts.success;
    if (success !== null) toast.success(success, options);
    else {
      if (id !== undefined) toast.dismiss(id);
      if (group !== undefined) toast.clearErrors(group);
    }
    return { ok: true, result };
  } catch (error) {
    const failure = typeof texts.failure === 'function' ? texts.failure(error) : texts.failure;
    toast.error(texts.fixedFailure ? failure : errorMessage(error, failure), options);
    return { ok: false };
  }
}
