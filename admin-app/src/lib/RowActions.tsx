import styled from 'styled-components';

/** Buttons of one table row: wrap on narrow screens instead of widening the table. */
export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
