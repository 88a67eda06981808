import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Logo } from '@halcyon/shared-ui';
import { useRuntimeConfig } from '../config/RuntimeConfigContext';

const Page = styled.div`
  min-height: 100vh;
  min-height: 100dvh;
  padding: ${({ theme }) => `${theme.space(4)} ${theme.space(4)} ${theme.space(10)}`};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    padding: ${({ theme }) => `${theme.space(6)} ${theme.space(10)}`};
  }
`;

/** Keeps the brand and the dark page around a remote's loading or error state. */
export function RemoteFrame({ children }: { children: ReactNode }) {
  const { brand } = useRuntimeConfig();
  return (
    <Page>
      <Logo brand={brand} />
      {children}
    </Page>
  );
}
