export { DataTable, type DataColumn, type DataExpandedRow, type DataRowSelection, type DataTableProps } from './DataTable.tsx';
export { DataCards } from './DataCards.tsx';
export { storeColumn } from './storeColumn.tsx';
export { CELL_CHROME, contentColumnWidth, tableTextMeasure, type TextMeasure } from './contentWidth.ts';
