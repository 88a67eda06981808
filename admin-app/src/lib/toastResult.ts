import { errorMessage } from '@halcyon/api-client/http';
import { toast } from '@halcyon/shared-ui';

export interface ActionMessages {
  success: string;
  failure: string;
}

/**
 * How every admin change reports its end: the spec's success text, or the server's message, else
 * the spec's fallback. Resolves true on success so forms can reset or close.
 */
export async function toastResult(change: Promise<unknown>, { success, failure }: ActionMessages): Promise<boolean> {
  try {
    await change;
    toast.success(success);
    return true;
  } catch (error) {
    toast.error(errorMessage(error, failure));
    return false;
  }
}
