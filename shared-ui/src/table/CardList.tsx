import type { ReactNode } from 'react';
import styled from 'styled-components';
import { renderCell, type TableColumn } from './cells';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const Card = styled.li`
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

const Fields = styled.dl`
  display: grid;
  grid-template-columns: minmax(5.5rem, 35%) minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  align-items: baseline;
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.small};
  & > dt { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 700; }
  & > dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
`;

export interface CardListProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  label: string;
  rowKey: (row: Row, index: number) => string | number;
}

/**
 * The phone layout of Table: one card per row, each a description list of `header: value`
 * (screen readers hear "list, N items", then term/definition pairs), nothing wider than the screen.
 */
export function CardList<Row>({ columns, rows, label, rowKey }: CardListProps<Row>): ReactNode {
  return (
    // Explicit role: Safari drops list semantics from a list without bullets.
    <List role="list" aria-label={label}>
      {rows.map((row, i) => (
        <Card key={rowKey(row, i)}>
          <Fields>
            {columns.map((c) => [<dt key={`${c.key}-t`}>{c.header}</dt>, <dd key={`${c.key}-d`}>{renderCell(row, c)}</dd>])}
          </Fields>
        </Card>
      ))}
    </List>
  );
}
