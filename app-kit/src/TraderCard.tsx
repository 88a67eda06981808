import type { ReactNode } from 'react';
import styled from 'styled-components';
import { winRateTone, Facts, ListCard } from '@halcyon/shared-ui';

/** What a trader card shows (the contract's Trader has these fields). */
export interface TraderFigures {
  name: string;
  imageUrl: string;
  wins: number;
  losses: number;
  winRate: number;
  profitShare: string;
}

export interface TraderCardProps {
  trader: TraderFigures;
  /** The app's own action (the investor's Copy / Cancel, the admin's Delete). */
  action: ReactNode;
  headingLevel?: 2 | 3;
}

/** A trader as a list card (spec 7 and 9): photo, name, wins, losses, win rate in its colour, profit share. */
export function TraderCard({ trader: t, action, headingLevel }: TraderCardProps) {
  const tone = winRateTone(t.winRate);
  return (
    <ListCard title={t.name} headingLevel={headingLevel} before={<Photo src={t.imageUrl} alt={t.name} width={56} height={56} loading="lazy" />}>
      <Facts>
        <dt>Wins</dt>
        <dd>{t.wins}</dd>
        <dt>Losses</dt>
        <dd>{t.losses}</dd>
        <dt>Win rate</dt>
        <dd>
          {/* Spec 9: 60 % or more green, below orange. */}
          <Rate $tone={tone} data-tone={tone}>
            {t.winRate}%
          </Rate>
        </dd>
        <dt>Profit share</dt>
        <dd>{t.profitShare}</dd>
      </Facts>
      {action}
    </ListCard>
  );
}

const Photo = styled.img`
  width: 56px;
  height: 56px;
  flex: none;
  border-radius: 50%;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Rate = styled.strong<{ $tone: 'success' | 'orange' }>`
  color: ${({ theme, $tone }) => theme.colors[$tone]};
`;
