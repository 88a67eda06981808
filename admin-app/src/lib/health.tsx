import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Facts } from '@halcyon/shared-ui';

/**
 * A card's state in words, green when all is well and red when an admin should look (a chain
 * follower behind, a signer not reporting, a hot wallet short of its queue): the words say it too.
 */
export function HealthBadge({ alert, children }: { alert: boolean; children: ReactNode }) {
  return <State data-alert={alert}>{children}</State>;
}

const State = styled.span`
  padding: 2px ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radiusSmall};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.success};
  border: 1px solid currentColor;
  &[data-alert='true'] { color: ${({ theme }) => theme.colors.danger}; }
`;

/** A card's figures (shared-ui's Facts) where a value marked `data-alert="true"` stands out in red. */
export const HealthFacts = styled(Facts)`
  dd[data-alert='true'] { color: ${({ theme }) => theme.colors.danger}; font-weight: 600; }
`;
