import { Link } from 'react-router';
import styled from 'styled-components';
import { formatDate, formatDateTime } from '@halcyon/shared-ui';

// What the dashboard's lists of requests in progress (deposits, withdrawals) share.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** 'just now', '5 min ago', '3 h ago'; a date after a day. */
function requestedAgo(iso: string, now: number): string {
  const ago = now - Date.parse(iso);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < 24 * HOUR) return `${Math.floor(ago / HOUR)} h ago`;
  return formatDate(iso);
}

/** When a request was made, as a <time> with the full date and time on hover. */
export function Requested({ at, now }: { at: string; now: number }) {
  return (
    <time dateTime={at} title={`${formatDateTime(at)} UTC`}>
      {requestedAgo(at, now)}
    </time>
  );
}

export const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: 0;
  list-style: none;
`;

export const Item = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  .what { display: flex; flex-direction: column; flex: 1; min-width: 0; }
  /* A figure is never broken across lines. */
  .amount { font-weight: 700; white-space: nowrap; font-variant-numeric: tabular-nums; }
  .meta { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.small}; }
`;

export const More = styled(Link)`
  display: inline-block;
  margin-top: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.info};
  font-size: ${({ theme }) => theme.font.size.small};
`;
