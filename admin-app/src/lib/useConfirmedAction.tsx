import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@halcyon/shared-ui';
import { withToasts, type ToastTexts } from '@halcyon/app-kit';

export interface ConfirmedAction {
  /** Which button is busy, e.g. `approve:d1`; the row's button checks it with `isBusy`. */
  key: string;
  title: string;
  message: string;
  confirmLabel: string;
  /** The change: a useApiMutation's mutateAsync, which invalidates the reads it changed. */
  run: () => Promise<unknown>;
  messages: ToastTexts<unknown>;
}

/**
 * Every action that moves money (or deletes something) goes through here: it asks first in a
 * ConfirmDialog, then runs with its button busy and toasts the result. The dialog stays open
 * (busy) until the mutation and the refetch of what it invalidated are done.
 */
export interface ConfirmedActions {
  ask: (request: ConfirmedAction) => void;
  isBusy: (key: string) => boolean;
  /** Render once on the screen. */
  dialog: ReactNode;
}

export function useConfirmedAction(): ConfirmedActions {
  const [request, setRequest] = useState<ConfirmedAction | null>(null);
  const [running, setRunning] = useState<string | null>(null);

  const confirm = async (current: ConfirmedAction) => {
    setRunning(current.key);
    await withToasts(current.messages, current.run);
    setRunning(null);
    setRequest(null);
  };

  const dialog = (
    <ConfirmDialog
      open={request !== null}
      title={request?.title ?? ''}
      message={request?.message ?? ''}
      confirmLabel={request?.confirmLabel ?? 'Confirm'}
      busy={request !== null && running === request.key}
      onConfirm={() => request && void confirm(request)}
      onCancel={() => setRequest(null)}
    />
  );
  return { ask: setRequest, isBusy: (key) => running === key, dialog };
}
