import { useCallback, useState } from 'react';
import { errorMessage } from '@halcyon/api-client';
import { toast } from '@halcyon/shared-ui';

export interface ActionMessages {
  success: string;
  failure: string;
}

/**
 * Runs one mutation at a time per key (e.g. `approve:d1`): the key is busy while in flight so its
 * button can be disabled, then a success toast (the spec's text) or an error toast (the server's
 * message, else the spec's fallback). Resolves true on success so callers can refresh rows.
 */
export function useAction() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const run = useCallback(async (key: string, action: () => Promise<unknown>, messages: ActionMessages): Promise<boolean> => {
    setBusy((b) => new Set(b).add(key));
    try {
      await action();
      toast.success(messages.success);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, messages.failure));
      return false;
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(key);
        return next;
      });
    }
  }, []);

  const isBusy = useCallback((key: string) => busy.has(key), [busy]);
  return { run, isBusy, anyBusy: busy.size > 0 };
}
