import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  & > p { margin: 0; }
`;

export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Box>
      <p>{message}</p>
      {children}
    </Box>
  );
}

export interface ErrorStateProps {
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}

/** Error panel: announced as an alert, optional retry. */
export function ErrorState({ message, onRetry, retryLabel = 'Try again' }: ErrorStateProps) {
  return (
    <Box role="alert">
      <p>{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </Box>
  );
}
