import { errorMessage } from '@halcyon/api-client/http';
import { toast } from '@halcyon/shared-ui';

export interface ToastTexts<T> {
  /** Shown while the request runs, then replaced in place by the result; none for instant changes. */
  loading?: string;
  /** Fixed success text, or one built from the response (e.g. the server's message). */
  success: string | ((result: T) => string);
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
 * after a failure, so a form can reset or close only on success.
 */
export async function withToasts<T>(texts: ToastTexts<T>, request: () => Promise<T>): Promise<ToastedResult<T>> {
  const id = texts.loading === undefined ? undefined : toast.loading(texts.loading);
  const options = id === undefined ? undefined : { id };
  try {
    const result = await request();
    toast.success(typeof texts.success === 'function' ? texts.success(result) : texts.success, options);
    return { ok: true, result };
  } catch (error) {
    const failure = typeof texts.failure === 'function' ? texts.failure(error) : texts.failure;
    toast.error(texts.fixedFailure ? failure : errorMessage(error, failure), options);
    return { ok: false };
  }
}
