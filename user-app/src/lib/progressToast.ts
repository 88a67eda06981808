import { toast } from '@halcyon/shared-ui';
import { errorMessage } from '@halcyon/api-client/http';

export interface ProgressTexts {
  loading: string;
  success: string;
  failure: string;
}

/**
 * A money move's toasts (spec 8): `loading` until `run` ends, then replaced in place by `success`,
 * or by the server's message (else `failure`). Resolves true on success so the form can reset.
 */
export async function withProgressToast(texts: ProgressTexts, run: () => Promise<unknown>): Promise<boolean> {
  const id = toast.loading(texts.loading);
  try {
    await run();
    toast.success(texts.success, { id });
    return true;
  } catch (err) {
    toast.error(errorMessage(err, texts.failure), { id });
    return false;
  }
}
