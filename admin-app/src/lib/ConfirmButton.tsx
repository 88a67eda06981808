import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '@halcyon/shared-ui';
import type { ConfirmedAction, ConfirmedActions } from './useConfirmedAction';

export interface ConfirmButtonProps {
  /** What the screen's useConfirmedAction returned. */
  confirm: Pick<ConfirmedActions, 'ask' | 'isBusy'>;
  action: ConfirmedAction;
  /** The accessible name: says which row it acts on (e.g. 'Delete Jane Doe'). */
  name: string;
  variant?: ButtonVariant;
  /** Default: while its own action runs. */
  disabled?: boolean;
  children: ReactNode;
}

/** A row's small button that asks `action` in the confirm dialog before it runs. */
export function ConfirmButton({ confirm, action, name, variant, disabled, children }: ConfirmButtonProps) {
  return (
    <Button size="small" variant={variant} disabled={disabled ?? confirm.isBusy(action.key)} aria-label={name} onClick={() => confirm.ask(action)}>
      {children}
    </Button>
  );
}
