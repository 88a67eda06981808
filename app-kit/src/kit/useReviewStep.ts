import { useRef, useState } from 'react';

/**
 * A review step before a form sends (a dialog): `ask` is the form's async check (useToastForm),
 * answered by `confirm` or `cancel`. After a yes it stays open, busy while the request runs, until
 * `close` (the form's `done` / `failed`). Used by the admin's Manage earnings and Update Wallets
 * (a ConfirmDialog) and the investor's Withdraw ("Review your withdrawal").
 */
export function useReviewStep() {
  const [open, setOpen] = useState(false);
  const answer = useRef<(confirmed: boolean) => void>(undefined);
  const ask = async () => {
    const confirmed = await new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setOpen(true);
    });
    if (!confirmed) setOpen(false);
    return confirmed;
  };
  return { open, ask, confirm: () => answer.current?.(true), cancel: () => answer.current?.(false), close: () => setOpen(false) };
}
