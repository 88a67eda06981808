import styled, { keyframes } from 'styled-components';
import { visuallyHidden } from './a11y';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

const Hidden = styled.span`${visuallyHidden}`;

export interface SpinnerProps {
  /** Read by screen readers; omit when the surrounding element already says what is loading. */
  label?: string;
  size?: number;
}

/** Inline spinner in the current text colour. */
export function Spinner({ label, size = 18 }: SpinnerProps) {
  return (
    <>
      <Ring $size={size} aria-hidden="true" data-testid="spinner" />
      {label ? <Hidden>{label}</Hidden> : null}
    </>
  );
}

const LoadingBox = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Block loading state: a status region with a spinner and visible text. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <LoadingBox role="status" aria-live="polite" aria-busy="true">
      <Spinner size={24} />
      <span>{label}</span>
    </LoadingBox>
  );
}
