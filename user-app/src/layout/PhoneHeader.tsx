import { useAtomValue } from 'jotai';
import { brandAtom } from '@halcyon/api-client/http';
import styled from 'styled-components';
import { Logo } from '@halcyon/shared-ui';

/** Below the desktop width, where the top bar is not shown: the logo, linking home (issue 29). */
export function PhoneHeader() {
  const brand = useAtomValue(brandAtom);
  return (
    <Bar>
      <Logo brand={brand} />
    </Bar>
  );
}

const Bar = styled.header`
  display: flex;
  align-items: center;
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    display: none;
  }
`;
