import styled from 'styled-components';
import type { Theme } from './theme';
import { capitalize } from './format';

export type StatusTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

/**
 * The spec's colours: approved green, declined red, pending or ended yellow; processing (ours)
 * blue. Any other status (e.g. the ledger's `completed` transfers) has no spec colour and reads
 * neutral, so it is not mistaken for an approval.
 */
export function statusTone(status: string): StatusTone {
  switch (status.toLowerCase()) {
    case 'approved':
      return 'success';
    case 'declined':
      return 'danger';
    case 'pending':
    case 'ended':
      return 'warning';
    case 'processing':
      return 'info';
    default:
      return 'neutral';
  }
}

function toneColor(theme: Theme, tone: StatusTone): string {
  return tone === 'neutral' ? theme.colors.textMuted : theme.colors[tone];
}

const Badge = styled.span<{ $tone: StatusTone }>`
  display: inline-block;
  padding: 2px ${({ theme }) => theme.space(2.5)};
  border-radius: 999px;
  background-color: ${({ theme, $tone }) => toneColor(theme, $tone)};
  color: ${({ theme }) => theme.colors.onStatus};
  font-size: 0.8125rem;
  font-weight: 700;
  line-height: 1.5;
  white-space: nowrap;
`;

export function StatusBadge({ status }: { status: string }) {
  const tone = statusTone(status);
  return (
    <Badge $tone={tone} data-tone={tone}>
      {capitalize(status)}
    </Badge>
  );
}
