import { useSyncExternalStore } from 'react';
import styled, { keyframes } from 'styled-components';
import { focusRing } from '../a11y';
import { Spinner } from '../Spinner';
import { getToasts, subscribeToasts, toast, type Toast } from './store';

const Region = styled.section`
  position: fixed;
  top: ${({ theme }) => theme.space(4)};
  left: 50%;
  transform: translateX(-50%);
  z-index: ${({ theme }) => theme.zIndex.toast};
  width: min(420px, calc(100vw - 24px));
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  pointer-events: none;
`;

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const enter = keyframes`from { opacity: 0; transform: translateY(-8px); } to { opacity: 1; transform: none; }`;

const Item = styled.div`
  pointer-events: auto;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.secondaryText};
  box-shadow: ${({ theme }) => theme.shadow};
  animation: ${enter} 0.2s ease-out;
  font-size: ${({ theme }) => theme.font.size.small};
  & > p { flex: 1; margin: 0; overflow-wrap: anywhere; }
`;

const Close = styled.button`
  flex: none;
  width: 32px;
  height: 32px;
  border: 0;
  border-radius: ${({ theme }) => theme.radiusSmall};
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
  ${focusRing}
  &:focus-visible { outline-color: ${({ theme }) => theme.colors.primary}; }
`;

const iconColors = { success: '#0f7a4d', error: '#c0262d' } as const;

function ToastIcon({ type }: { type: Toast['type'] }) {
  if (type === 'loading') return <Spinner size={18} />;
  if (type === 'blank') return null;
  const color = iconColors[type];
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="10" fill={color} />
      {type === 'success' ? (
        <path d="M5.5 10.5l3 3 6-7" fill="none" stroke="#fff" strokeWidth="2" />
      ) : (
        <path d="M6.5 6.5l7 7M13.5 6.5l-7 7" fill="none" stroke="#fff" strokeWidth="2" />
      )}
    </svg>
  );
}

function ToastView({ item }: { item: Toast }) {
  return (
    <Item data-toast-type={item.type}>
      <ToastIcon type={item.type} />
      <p>{item.message}</p>
      <Close type="button" aria-label="Dismiss notification" onClick={() => toast.dismiss(item.id)}>
        ×
      </Close>
    </Item>
  );
}

/**
 * Render once (the shell, or a standalone remote). Two live regions that always exist, so
 * screen readers announce what is added: polite status for most toasts, alert for errors.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const errors = toasts.filter((t) => t.type === 'error');
  const others = toasts.filter((t) => t.type !== 'error');
  return (
    <Region aria-label="Notifications">
      <List role="status" aria-live="polite">
        {others.map((t) => (
          <ToastView key={t.id} item={t} />
        ))}
      </List>
      <List role="alert" aria-live="assertive">
        {errors.map((t) => (
          <ToastView key={t.id} item={t} />
        ))}
      </List>
    </Region>
  );
}
