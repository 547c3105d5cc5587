export { DynamicTable, type DynamicTableProps } from './DynamicTable.tsx';
export { TablePagination, type TablePaginationProps } from './TablePagination.tsx';
export { columnWidth, textWidth, type DynamicCell, type DynamicRow } from './headerColumns.ts';
