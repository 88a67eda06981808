import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button } from './Button';

const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Title = styled.h1`
  flex: 1 1 auto;
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.title};
  line-height: 1.25;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const arrow = (
  <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
    <path d="M12.5 4l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

export interface PageHeaderProps {
  title: ReactNode;
  /** true: a Back button going to the previous page; a string: a Back link to that path. */
  back?: boolean | string;
  backLabel?: string;
  actions?: ReactNode;
}

function BackButton({ label }: { label: string }) {
  const navigate = useNavigate();
  return (
    <Button variant="secondary" size="small" icon={arrow} onClick={() => navigate(-1)}>
      {label}
    </Button>
  );
}

export function PageHeader({ title, back, backLabel = 'Back', actions }: PageHeaderProps) {
  return (
    <Head>
      {typeof back === 'string' ? (
        <Button variant="secondary" size="small" icon={arrow} to={back}>
          {backLabel}
        </Button>
      ) : back ? (
        <BackButton label={backLabel} />
      ) : null}
      <Title>{title}</Title>
      {actions ? <Actions>{actions}</Actions> : null}
    </Head>
  );
}
