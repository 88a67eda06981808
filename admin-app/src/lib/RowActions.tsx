import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { TableColumn } from '@halcyon/shared-ui';

/** Buttons of one table row: wrap on narrow screens instead of widening the table. */
export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** A table's last column, 'Actions': the buttons `render` gives for each row. */
export function actionsColumn<Row>(render: (row: Row) => ReactNode): TableColumn<Row> {
  return { key: 'actions', header: 'Actions', render: (row) => <RowActions>{render(row)}</RowActions> };
}
