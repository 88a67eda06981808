import { useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from './a11y';
import { useOutsideClick } from './hooks/useOutsideClick';

const Wrap = styled.div`
  position: relative;
  display: inline-block;
`;

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 40px;
  min-width: 40px;
  padding: 2px;
  border: 0;
  border-radius: 999px;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  ${focusRing}
`;

const Panel = styled.div<{ $align: 'left' | 'right' }>`
  position: absolute;
  top: calc(100% + 8px);
  ${({ $align }) => ($align === 'right' ? 'right: 0;' : 'left: 0;')}
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  min-width: 220px;
  max-width: calc(100vw - 24px);
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow};
`;

export interface DropdownProps {
  /** Content of the trigger button (e.g. an avatar). */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content has no text (e.g. 'Account menu'). */
  triggerLabel?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children?: ReactNode;
  align?: 'left' | 'right';
  /** Close after a link or button inside the panel is clicked (default true). */
  closeOnItemClick?: boolean;
}

/** Disclosure-style dropdown: closes on any pointerdown outside it and on Escape. */
export function Dropdown({ trigger, triggerLabel, open, onOpenChange, children, align = 'right', closeOnItemClick = true }: DropdownProps) {
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement | null>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  useOutsideClick(wrapRef, () => onOpenChange(false), open);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      onOpenChange(false);
      triggerRef.current?.focus();
    }
  };
  const onPanelClick = (e: MouseEvent<HTMLDivElement>) => {
    if (closeOnItemClick && (e.target as HTMLElement).closest('a, button')) onOpenChange(false);
  };

  return (
    <Wrap ref={wrapRef} onKeyDown={onKeyDown}>
      <Trigger
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={triggerLabel}
        onClick={() => onOpenChange(!open)}
      >
        {trigger}
      </Trigger>
      {open ? (
        <Panel id={panelId} $align={align} onClick={onPanelClick}>
          {children}
        </Panel>
      ) : null}
    </Wrap>
  );
}
