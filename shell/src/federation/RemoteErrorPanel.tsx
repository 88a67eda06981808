import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '@halcyon/shared-ui';
import { isIncompatibleRemote } from './seamCheck';

const Panel = styled.section`
  max-width: 560px;
  margin: ${({ theme }) => theme.space(8)} auto 0;
  padding: ${({ theme }) => theme.space(6)};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  h2 { margin-top: 0; font-size: ${({ theme }) => theme.font.size.large}; }
  h2:focus { outline: none; }
`;

const Details = styled.details`
  margin-bottom: ${({ theme }) => theme.space(5)};
  summary { cursor: pointer; color: ${({ theme }) => theme.colors.textMuted}; }
  summary:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Detail = styled.pre`
  white-space: pre-wrap;
  word-break: break-word;
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

const REMOTE_ERROR_TITLE = 'We could not load this part of Halcyon.';

/** The federation runtime's messages run to many lines; the first one says what failed. */
function firstLine(message: string): string {
  return message.split('\n')[0]?.replace(/^\[ Federation Runtime \]:\s*/, '') ?? '';
}

/** What a person sees when a remote is unreachable or broken: the reason and a retry. */
export function RemoteErrorPanel({ error, onRetry }: { error: Error; onRetry(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A remote refused for its seam needs this page replaced (a newer shell), not another try.
  const refused = isIncompatibleRemote(error);
  // Move focus here so keyboard and screen-reader users learn the page failed.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Panel role="alert" aria-labelledby="remote-error-title">
      <h2 id="remote-error-title" ref={heading} tabIndex={-1}>
        {REMOTE_ERROR_TITLE}
      </h2>
      {refused ? (
        <p>This part of Halcyon was released for a different version of the page you have open. Reload the page to get the current one.</p>
      ) : (
        <p>Check your connection and try again. {firstLine(error.message)}</p>
      )}
      <Details>
        <summary>Error details</summary>
        <Detail>{error.message}</Detail>
      </Details>
      <Actions>
        <Button onClick={refused ? () => window.location.reload() : onRetry}>{refused ? 'Reload page' : 'Retry'}</Button>
        <Button variant="secondary" to="/">
          Go to home
        </Button>
      </Actions>
    </Panel>
  );
}
