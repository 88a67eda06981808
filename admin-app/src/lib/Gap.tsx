import styled from 'styled-components';
import { formatMoney } from '@halcyon/shared-ui';

/** A difference in USD, green when covered (≥ 0), red with a real minus sign when short. */
export function Gap({ value }: { value: number }) {
  return <Covered $ok={value >= 0}>{value >= 0 ? formatMoney(value) : `−${formatMoney(-value)}`}</Covered>;
}

const Covered = styled.span<{ $ok: boolean }>`
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
  font-weight: 600;
  white-space: nowrap;
`;
