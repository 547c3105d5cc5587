import { useMemo, type ReactNode } from 'react';
import { Empty, Table, type TableColumnProps, type TableProps } from '@arco-design/web-react';
import { IconMinus, IconPlus } from '@arco-design/web-react/icon';
import { Layout } from '@pest/shared';
import { useIsMobile } from '../useIsMobile.ts';
import { ColumnSettings } from './ColumnSettings.tsx';
import { DataCards, type RowAttributes } from './DataCards.tsx';
import { visibleKeys, type ColumnSlot } from './columnPreferences.ts';
import { contentColumnWidth, tableTextMeasure } from './contentWidth.ts';
import { fitColumnWidths } from './fitColumnWidths.ts';
import { useAvailableWidth } from './useAvailableWidth.ts';
import { useColumnChoice } from './useColumnChoice.ts';
import './DataTable.css';

export interface DataColumn<T> extends Pick<TableColumnProps<T>, 'render' | 'align'> {
  /** Ellipsis and tooltip default to on for a column sized by its text (`cellText`). */
  ellipsis?: boolean;
  tooltip?: boolean;
  key: string;
  title: string;
  dataIndex?: string;
  /** The least width; the column grows to its content (`cellText`) and, if flexible, to spare room. */
  width: number;
  /** A key column pinned at an edge: the code and name on the left, the actions on the right. Always shown. */
  pin?: 'left' | 'right';
  /** Left out until the user picks it in 列设置, so the key columns fit at 1366 px. */
  optional?: boolean;
  /** Takes a share of the room a wide screen has to spare. */
  flexible?: boolean;
  /** The cell as text (a cell of several lines: each line), to size the column to the widest on screen. */
  cellText?: (row: T) => string | readonly string[];
  /** What the cell draws besides its text (an icon and its gap), in pixels. */
  cellExtra?: number;
  /** Beyond it the text ends in an ellipsis with a tooltip. */
  maxWidth?: number;
}

export interface DataRowSelection<T> {
  selectedKeys: readonly (string | number)[];
  onChange(rows: T[]): void;
  /** What a row's checkbox is called for screen readers. */
  label(row: T): string;
  /** A row that cannot be chosen (an alarm already handled). */
  disabled?(row: T): boolean;
}

/** More of a row, unfolded under it in the table and shown at the end of its card. */
export interface DataExpandedRow<T> {
  expandable(row: T): boolean;
  render(row: T): ReactNode;
  /** What the row's unfold button is called for screen readers (Arco's has no name: axe's critical button-name). */
  label(row: T): string;
}

export interface DataTableProps<T>
  extends Omit<TableProps<T>, 'columns' | 'data' | 'scroll' | 'rowKey' | 'rowSelection' | 'onRow' | 'rowClassName' | 'expandedRowRender' | 'expandProps'> {
  /** Names the table in the stored column choice. */
  tableId: string;
  columns: readonly DataColumn<T>[];
  data: readonly T[];
  rowKey: keyof T & string;
  rowSelection?: DataRowSelection<T>;
  expandedRow?: DataExpandedRow<T>;
  /** Attributes of a row and of its card (data-testid, data-* ids), so a row is found the same way in both. */
  rowAttributes?(row: T): RowAttributes;
  rowClassName?(row: T): string;
  height?: number;
  emptyText?: string;
  testId: string;
}

const SELECTION_WIDTH = 40;
const EXPAND_WIDTH = 40;
/** The table's own border, left and right. */
const TABLE_BORDER = 2;
const DEFAULT_MAX_WIDTH = 320;

/**
 * The console's list table: key columns pinned, each column as wide as its content, the user's
 * choice and order of columns (列设置, remembered per account and table), and cards below 992px.
 */
export function DataTable<T extends object>({
  tableId,
  columns,
  data,
  rowKey,
  rowSelection,
  expandedRow,
  rowAttributes,
  rowClassName,
  height = Layout.tableHeight,
  emptyText,
  testId,
  ...tableProps
}: DataTableProps<T>) {
  const mobile = useIsMobile();
  const [measure, availableWidth] = useAvailableWidth<HTMLDivElement>();
  const slots = useMemo((): ColumnSlot[] => columns.filter((c) => !c.pin).map((c) => ({ key: c.key, hiddenByDefault: c.optional })), [columns]);
  const [choice, setChoice] = useColumnChoice(tableId, slots);

  const shown = useMemo(() => {
    const byKey = new Map(columns.map((column) => [column.key, column]));
    const middle = visibleKeys(choice).flatMap((key) => byKey.get(key) ?? []);
    return [...columns.filter((c) => c.pin === 'left'), ...middle, ...columns.filter((c) => c.pin === 'right')];
  }, [columns, choice]);

  const sized = useMemo(() => {
    const measureText = tableTextMeasure();
    const natural = shown.map((column) =>
      column.cellText
        ? contentColumnWidth(column.title, data.flatMap(column.cellText), measureText, {
            min: column.width,
            max: column.maxWidth ?? DEFAULT_MAX_WIDTH,
            extra: column.cellExtra,
          })
        : column.width,
    );
    // The checkbox and unfold columns Arco draws before the columns.
    const leading = (rowSelection ? SELECTION_WIDTH : 0) + (expandedRow ? EXPAND_WIDTH : 0);
    const widths = fitColumnWidths(natural, shown.map((column) => Boolean(column.flexible)), availableWidth - TABLE_BORDER - leading);
    const tableColumns = shown.map(({ pin, optional, flexible, cellText, cellExtra, maxWidth, ...column }, index): TableColumnProps<T> => ({
      ...column,
      width: widths[index],
      fixed: pin,
      ellipsis: column.ellipsis ?? Boolean(cellText),
      tooltip: column.tooltip ?? Boolean(cellText),
    }));
    return { columns: tableColumns, width: widths.reduce((sum, width) => sum + width, 0) + leading };
  }, [shown, data, rowSelection, expandedRow, availableWidth]);

  const keyOf = (row: T) => row[rowKey] as string | number;
  const unfolded = expandedRow && ((row: T) => (expandedRow.expandable(row) ? expandedRow.render(row) : null));

  if (mobile) {
    const selected = new Set(rowSelection?.selectedKeys);
    return (
      <DataCards<T>
        rows={data}
        rowKey={keyOf}
        columns={shown}
        loading={Boolean(tableProps.loading)}
        emptyText={emptyText}
        testId={testId}
        rowAttributes={rowAttributes}
        rowClassName={rowClassName}
        expanded={unfolded}
        selection={
          rowSelection && {
            selected,
            label: rowSelection.label,
            disabled: rowSelection.disabled,
            onToggle: (row, checked) =>
              rowSelection.onChange(data.filter((other) => (other === row ? checked : selected.has(keyOf(other))))),
          }
        }
      />
    );
  }

  return (
    <div className="data-table" ref={measure}>
      <div className="data-table-toolbar">
        <ColumnSettings
          titles={new Map(columns.map((column) => [column.key, column.title]))}
          pinned={columns.filter((column) => column.pin).map((column) => column.key)}
          choice={choice}
          onChange={setChoice}
          testId={testId}
        />
      </div>
      <Table<T>
        {...tableProps}
        data-testid={testId}
        rowKey={rowKey}
        onRow={rowAttributes}
        rowClassName={rowClassName}
        expandedRowRender={unfolded}
        expandProps={
          expandedRow && {
            rowExpandable: expandedRow.expandable,
            width: EXPAND_WIDTH,
            // Arco's own button, named and saying whether it is unfolded; Arco adds the click.
            icon: ({ expanded, record }: { expanded: boolean; record: object }) => (
              <button type="button" aria-label={expandedRow.label(record as T)} aria-expanded={expanded} data-testid="data-table-expand">
                {expanded ? <IconMinus /> : <IconPlus />}
              </button>
            ),
          }
        }
        columns={sized.columns}
        data={[...data]}
        scroll={{ x: sized.width, y: height }}
        noDataElement={<Empty description={emptyText} />}
        rowSelection={
          rowSelection && {
            type: 'checkbox',
            fixed: true,
            columnWidth: SELECTION_WIDTH,
            selectedRowKeys: [...rowSelection.selectedKeys],
            onChange: (_keys, rows) => rowSelection.onChange(rows),
            checkboxProps: (row) => ({ 'aria-label': rowSelection.label(row), disabled: rowSelection.disabled?.(row) ?? false }) as never,
          }
        }
      />
    </div>
  );
}
