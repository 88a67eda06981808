import styled from 'styled-components';

/** A form whose fields flow into as many columns as fit (one on phones), capped at 880 px. */
export const FormGrid = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
  gap: 16px;
  max-width: 880px;
`;

/** A FormGrid row that spans every column (wide inputs, the submit button). */
export const FullRow = styled.div`
  grid-column: 1 / -1;
`;
