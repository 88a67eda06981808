import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

const Card = styled.section`
  width: 100%;
  max-width: 480px;
  padding: ${({ theme }) => theme.space(6)};
  border: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    padding: ${({ theme }) => theme.space(10)};
  }
  h1 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.font.size.title};
  }
  h1:focus { outline: none; }
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The card every auth screen sits in; focuses its heading on arrival so screen readers announce it,
 * unless a field in it already has the focus (the prerendered form's, given back: useBootForm).
 */
export function AuthCard({ title, lead, wide = false, children }: { title: string; lead?: ReactNode; wide?: boolean; children: ReactNode }) {
  const card = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} | Halcyon`;
    if (!card.current?.contains(document.activeElement)) heading.current?.focus();
  }, [title]);
  return (
    <Card ref={card} aria-labelledby="auth-title" style={wide ? { maxWidth: 640 } : undefined}>
      <h1 id="auth-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {lead ? <Lead>{lead}</Lead> : null}
      {children}
    </Card>
  );
}

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

export const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    grid-template-columns: 1fr 1fr;
  }
`;

export const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: underline;
    text-underline-offset: 3px;
  }
  a:hover { color: ${({ theme }) => theme.colors.primary}; }
  a:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; border-radius: 2px; }
`;

export const Between = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: underline;
    text-underline-offset: 3px;
  }
  a:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; border-radius: 2px; }
`;
