import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    padding: ${({ theme }) => theme.space(5)};
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.large};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface CardProps {
  title?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** A surface panel; with a title it is a labelled section. */
export function Card({ title, children, actions, headingLevel = 2, className }: CardProps) {
  const titleId = useId();
  const hasTitle = title !== undefined && title !== null;
  return (
    <Section className={className} aria-labelledby={hasTitle ? titleId : undefined}>
      {hasTitle || actions ? (
        <Head>
          {hasTitle ? (
            <Title as={`h${headingLevel}`} id={titleId}>
              {title}
            </Title>
          ) : (
            <span />
          )}
          {actions ? <Actions>{actions}</Actions> : null}
        </Head>
      ) : null}
      {children}
    </Section>
  );
}
