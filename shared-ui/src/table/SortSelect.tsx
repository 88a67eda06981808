import { Select } from '../input/Select';
import type { TableColumn } from './cells';

export type Sort = { key: string; dir: 'ascending' | 'descending' } | null;

export interface SortSelectProps<Row> {
  columns: readonly TableColumn<Row>[];
  sort: Sort;
  onSort(sort: Sort): void;
  name: string;
}

/** The cards' stand-in for the sortable column headers: one choice per sortable column and direction. */
export function SortSelect<Row>({ columns, sort, onSort, name }: SortSelectProps<Row>) {
  const options = columns
    .filter((c) => c.sortable)
    .flatMap((c) => [
      { value: `${c.key}:ascending`, label: `${c.header}, ascending` },
      { value: `${c.key}:descending`, label: `${c.header}, descending` },
    ]);
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
