import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { focusRing } from '../a11y';

// Label, control, hint and error laid out the same for Input, Select and friends.
export const FieldWrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  width: 100%;
  min-width: 0;
`;

export const Label = styled.label`
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

const Hint = styled.div`
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.danger};
`;

/** Shared look of text-like controls: 47 px tall, visible border, focus ring, red when invalid. */
export const controlCss = css`
  width: 100%;
  min-width: 0;
  height: ${({ theme }) => theme.controlHeight.normal};
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.inputBackground};
  color: ${({ theme }) => theme.colors.text};
  font-size: 1rem; /* 16 px keeps iOS from zooming on focus */
  color-scheme: dark;
  &::placeholder { color: ${({ theme }) => theme.colors.textMuted}; opacity: 1; }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
  /* A value that cannot be edited reads as text, not as a field waiting for input (issue 29). */
  &:read-only:not(select) { background: transparent; border-color: transparent; padding-left: 0; cursor: default; }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
  ${focusRing}
`;

export const RequiredMark = () => <span aria-hidden="true"> *</span>;

export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter((x): x is string => typeof x === 'string' && x !== '');
  return list.length > 0 ? list.join(' ') : undefined;
}

export interface FieldMessagesProps {
  hint?: ReactNode;
  hintId: string;
  error: string | null;
  errorId: string;
}

export function FieldMessages({ hint, hintId, error, errorId }: FieldMessagesProps) {
  return (
    <>
      {hint !== undefined && hint !== null ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </>
  );
}
