import type { DataColumn } from './DataTable.tsx';
import { tableTextMeasure } from './contentWidth.ts';
import { storeLines } from './storeLines.ts';

interface StoreColumnOptions<T> {
  key: string;
  title: string;
  name(row: T): string;
}

/**
 * The store a row belongs to, as every list shows it: what an operator acts on, so it stands right
 * after the pinned key column, whole, on two lines when it is long (`storeLines`), never cut.
 */
export function storeColumn<T>({ key, title, name }: StoreColumnOptions<T>): DataColumn<T> {
  const measure = tableTextMeasure();
  return {
    key,
    title,
    width: 100,
    // Two lines of 240 px hold a name of about 30 characters.
    maxWidth: 240,
    cellText: (row) => storeLines(name(row), measure),
    ellipsis: false,
    tooltip: false,
    render: (_, row) => <span className="data-table-store">{name(row)}</span>,
  };
}
