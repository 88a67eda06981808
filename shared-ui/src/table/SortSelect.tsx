import { Select } from '../input/Select';
import type { TableColumn } from './cells';

export type SortDir = 'ascending' | 'descending';
export type Sort = { key: string; dir: SortDir } | null;

export interface SortSelectProps<Row> {
  columns: readonly TableColumn<Row>[];
  /** The directions a column can be sorted in (none: not sortable). */
  dirs: (column: TableColumn<Row>) => readonly SortDir[];
  sort: Sort;
  onSort(sort: Sort): void;
  name: string;
}

/** The cards' stand-in for the sortable column headers: one choice per sortable column and direction. */
export function SortSelect<Row>({ columns, dirs, sort, onSort, name }: SortSelectProps<Row>) {
  const options = columns.flatMap((c) => dirs(c).map((d) => ({ value: `${c.key}:${d}`, label: `${c.header}, ${d}` })));
  if (options.length === 0) return null;
  return (
    <Select
      label="Sort by"
      name={name}
      placeholder="Default order"
      options={options}
      value={sort ? `${sort.key}:${sort.dir}` : ''}
      onChange={(value) => {
        const at = value.lastIndexOf(':');
        onSort(value ? { key: value.slice(0, at), dir: value.slice(at + 1) === 'descending' ? 'descending' : 'ascending' } : null);
      }}
    />
  );
}
