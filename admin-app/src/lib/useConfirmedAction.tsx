import { useCallback, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@halcyon/shared-ui';
import { useAction, type ActionMessages } from './useAction';

export interface ConfirmedAction {
  /** Busy key, e.g. `approve:d1`; the row's button checks it with `isBusy`. */
  key: string;
  title: string;
  message: string;
  confirmLabel: string;
  action: () => Promise<unknown>;
  messages: ActionMessages;
  /** Runs after a success, typically the list's reload. */
  onDone?: () => unknown;
}

/**
 * Every action that moves money (or deletes something) goes through here: it asks first in a
 * ConfirmDialog, then runs with the key busy, toasts, and refreshes the affected rows.
 */
export function useConfirmedAction(): { ask: (request: ConfirmedAction) => void; isBusy: (key: string) => boolean; dialog: ReactNode } {
  const { run, isBusy } = useAction();
  const [request, setRequest] = useState<ConfirmedAction | null>(null);

  const confirm = useCallback(async () => {
    if (!request) return;
    const ok = await run(request.key, request.action, request.messages);
    setRequest(null);
    if (ok) await request.onDone?.();
  }, [request, run]);

  const dialog = (
    <ConfirmDialog
      open={request !== null}
      title={request?.title ?? ''}
      message={request?.message ?? ''}
      confirmLabel={request?.confirmLabel ?? 'Confirm'}
      busy={request ? isBusy(request.key) : false}
      onConfirm={() => void confirm()}
      onCancel={() => setRequest(null)}
    />
  );
  return { ask: setRequest, isBusy, dialog };
}
