import styled from 'styled-components';

/** One part of the Payouts screen: its heading, then its content, a little apart. */
export const Part = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;
