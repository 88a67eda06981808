// The Toaster's lazy part: react-toastify's container, loaded with the first toast (Toaster.tsx).
import { useEffect } from 'react';
import { Slide, ToastContainer, type CloseButtonProps } from 'react-toastify';
import styled from 'styled-components';
import { focusRing } from '../a11y';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { TOAST_LIMIT } from './toast';
import { toasterMounted } from './toasterSignal';

const Close = styled.button`
  flex: none;
  align-self: flex-start;
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

function CloseButton({ closeToast }: CloseButtonProps) {
  return (
    <Close type="button" aria-label="Dismiss notification" onClick={() => closeToast(true)}>
      ×
    </Close>
  );
}

// react-toastify's light toast, themed through its CSS variables (set on a wrapper that makes no
// box): a white card with dark-blue text on the dark-blue page, as the buttons; icons green/red
// with at least 3:1 against white (the library's #07bc0c green has 2.6:1).
const Themed = styled.div`
  display: contents;
  --toastify-z-index: ${({ theme }) => theme.zIndex.toast};
  --toastify-font-family: ${({ theme }) => theme.font.family};
  --toastify-toast-width: min(420px, calc(100vw - 24px));
  --toastify-toast-min-height: 56px;
  --toastify-toast-padding: ${({ theme }) => `${theme.space(3)} ${theme.space(2)} ${theme.space(3)} ${theme.space(4)}`};
  --toastify-toast-bd-radius: ${({ theme }) => theme.radius};
  --toastify-toast-shadow: ${({ theme }) => theme.shadow};
  --toastify-color-light: ${({ theme }) => theme.colors.secondary};
  --toastify-text-color-light: ${({ theme }) => theme.colors.secondaryText};
  /* The icon variables, not the colour ones: :root resolves those into the icon colours already. */
  --toastify-icon-color-success: #0f7a4d;
  --toastify-icon-color-error: #c0262d;
  --toastify-spinner-color: ${({ theme }) => theme.colors.secondaryText};
  --toastify-spinner-color-empty-area: #c9d1ea;
  & .Toastify__toast {
    gap: ${({ theme }) => theme.space(1)};
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.small};
    line-height: 1.4;
  }
  & .Toastify__toast > p { flex: 1; min-width: 0; margin: 0; overflow-wrap: anywhere; }
  /* The library goes edge to edge below 480 px; keep the card inset and rounded instead. */
  @media only screen and (max-width: 480px) {
    & .Toastify__toast-container { width: calc(100vw - 24px); left: 12px; top: 12px; }
    & .Toastify__toast { border-radius: ${({ theme }) => theme.radius}; }
  }
`;

/**
 * react-toastify's one container, top centre, at most 20 visible (more wait their turn). Its
 * section is a polite live region named "Notifications"; each toast has role status, errors role
 * alert (set by `toast`).
 */
export function ToasterContainer() {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // Effects run child first: ToastContainer has registered with react-toastify by now, so the
  // toasts queued in toast.ts may go.
  useEffect(() => toasterMounted(), []);
  return (
    <Themed>
      <ToastContainer
        aria-label="Notifications"
        theme="light"
        position="top-center"
        limit={TOAST_LIMIT}
        hideProgressBar
        closeButton={CloseButton}
        transition={reducedMotion ? false : Slide}
      />
    </Themed>
  );
}
