import styled from 'styled-components';

/** Cards in a responsive grid, as a list (each card is an item). */
export const CardGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 220px), 1fr));
  gap: 16px;
`;

/** A card's figures: the term on the left, its value on the right. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 12px;
  margin: 0;
  dd {
    margin: 0;
    text-align: right;
  }
`;
