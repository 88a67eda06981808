import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

export interface ListCardProps {
  title: ReactNode;
  /** Shown before the title in the card's header (e.g. a photo). */
  before?: ReactNode;
  /** Shown at the header's far end (e.g. a status). */
  after?: ReactNode;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}

/** One card of a list (`<ul>`/`<ol>` of cards): a list item named by its title. */
export function ListCard({ title, before, after, headingLevel = 2, children }: ListCardProps) {
  const titleId = useId();
  return (
    <Item aria-labelledby={titleId}>
      <Head>
        {before}
        <Title as={`h${headingLevel}`} id={titleId}>
          {title}
        </Title>
        {after}
      </Head>
      {children}
    </Item>
  );
}

/** A card's figures as a label / value list: the term on the left, its value on the right. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.small};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; color: ${({ theme }) => theme.colors.text}; text-align: right; overflow-wrap: anywhere; }
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  list-style: none;
`;

const Head = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Title = styled.h2`
  flex: 1;
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.large};
  overflow-wrap: anywhere;
`;
