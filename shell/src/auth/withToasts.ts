import { errorMessage } from '@halcyon/api-client/http';
import { toast } from '@halcyon/shared-ui';

export interface ToastTexts<T> {
  loading: string;
  /** Fixed success text, or one built from the response (e.g. the server's message). */
  success: string | ((result: T) => string);
  /** Shown when the server gives no message (or always, with `fixedFailure`). */
  failure: string;
  /** Show `failure` even when the server has a message (spec texts for the password screens). */
  fixedFailure?: boolean;
}

/**
 * Runs one request behind a loading toast that turns into the success or error toast (same id,
 * so it replaces the loading one). Resolves with the result, or undefined after a failure.
 */
export async function withToasts<T>(texts: ToastTexts<T>, request: () => Promise<T>): Promise<T | undefined> {
  const id = toast.loading(texts.loading);
  try {
    const result = await request();
    const success = typeof texts.success === 'function' ? texts.success(result) : texts.success;
    toast.success(success, { id });
    return result;
  } catch (error) {
    toast.error(texts.fixedFailure ? texts.failure : errorMessage(error, texts.failure), { id });
    return undefined;
  }
}
