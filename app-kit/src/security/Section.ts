import styled from 'styled-components';

/** One panel of the Security screen: its heading, muted explanations, and the panel's content in a column. */
export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.large}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.small}; }
`;
