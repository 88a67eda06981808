import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PageHeader } from '@halcyon/shared-ui';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`;

/** One admin screen: its heading, then its content. */
export function Screen({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Body>
      <PageHeader title={title} />
      {actions}
      {children}
    </Body>
  );
}
