import type { ReactNode } from 'react';
import { formatDate, formatMoney, methodLabel } from '../format';
import { StatusBadge } from '../StatusBadge';

export type ColumnKind = 'text' | 'money' | 'date' | 'status' | 'method';

export interface TableColumn<Row> {
  key: string;
  header: string;
  /** Custom cell; its result still shows '-' when it is null, undefined or ''. */
  render?: (row: Row) => ReactNode;
  kind?: ColumnKind;
  sortable?: boolean;
  /** A server-paged table sorts through these: the list's `sort` value per direction (others are not sortable there). */
  serverSort?: { ascending?: string; descending?: string };
  /** Value to sort and search by (default: the raw field). */
  sortValue?: (row: Row) => string | number | null | undefined;
  align?: 'left' | 'right';
  /** Let a custom cell's text wrap as plain text columns do (default: only those wrap). */
  wrap?: boolean;
}

const EMPTY_CELL = '-';

function isEmpty(v: unknown): v is null | undefined | '' {
  return v === null || v === undefined || v === '';
}

export function rawValue<Row>(row: Row, column: TableColumn<Row>): unknown {
  if (column.sortValue) return column.sortValue(row);
  return (row as Record<string, unknown>)[column.key];
}

/** Text of a field value as the table shows it (also what the search box matches). */
export function displayText(value: unknown, kind: ColumnKind = 'text'): string {
  if (isEmpty(value)) return EMPTY_CELL;
  switch (kind) {
    case 'money':
      return formatMoney(value as number | string);
    case 'date':
      return formatDate(value as string) || EMPTY_CELL;
    case 'method':
      return methodLabel(String(value));
    default:
      return String(value);
  }
}

export function renderCell<Row>(row: Row, column: TableColumn<Row>): ReactNode {
  if (column.render) {
    const out = column.render(row);
    return isEmpty(out) || out === false ? EMPTY_CELL : out;
  }
  const value = (row as Record<string, unknown>)[column.key];
  if (isEmpty(value)) return EMPTY_CELL;
  if (column.kind === 'status') return <StatusBadge status={String(value)} />;
  return displayText(value, column.kind);
}

/** Comparison for sorting: empty values last, numbers and dates numerically, text by locale. */
export function compareValues(a: unknown, b: unknown, kind: ColumnKind = 'text'): number {
  const ae = isEmpty(a);
  const be = isEmpty(b);
  if (ae || be) return ae === be ? 0 : ae ? 1 : -1;
  if (kind === 'date') return new Date(a as string).getTime() - new Date(b as string).getTime();
  const an = typeof a === 'number' ? a : kind === 'money' ? Number(a) : NaN;
  const bn = typeof b === 'number' ? b : kind === 'money' ? Number(b) : NaN;
  if (!Number.isNaN(an) && !Number.isNaN(bn)) return an - bn;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}
