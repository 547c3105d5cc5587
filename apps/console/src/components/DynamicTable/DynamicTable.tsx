import { useMemo } from 'react';
import { Empty, Table } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Layout, headerLeaves, type TableHeaderNode } from '@pest/shared';
import { DataCards, contentColumnWidth, tableTextMeasure, type DataColumn } from '../DataTable/index.ts';
import { useIsMobile } from '../useIsMobile.ts';
import { columnWidth, headerToColumns, leadingLeaves, leafTitles, summaryCells, type DynamicRow } from './headerColumns.ts';
import { TablePagination, type TablePaginationProps } from './TablePagination.tsx';
import './DynamicTable.css';

export interface DynamicTableProps {
  /** The server's header (prop, name, child) of any depth; leaves name the row fields. */
  header: readonly TableHeaderNode[];
  rows: readonly DynamicRow[];
  /** A leaf prop unique per row; rows are keyed by position without one. */
  rowKey?: string;
  /** The total row (合计), shown as the table's summary, pinned under the rows. */
  totalRow?: DynamicRow;
  /** Shown when there are no rows; Arco's default 暂无数据 otherwise. */
  emptyText?: string;
  loading?: boolean;
  /** Server-side paging; without it the table shows every row it is given. */
  pagination?: TablePaginationProps;
  /** Body height before it scrolls under the sticky header (console-spec section 9: 500px). */
  height?: number;
  testId?: string;
}

/** Where rows without a key prop keep their position. */
const POSITION_KEY = '__position';
/** A name column grows to its longest name up to this, then ends in an ellipsis with a tooltip. */
const MAX_LEAF_WIDTH = 280;

const cellText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A table whose columns come from the server (point check, pest and device-type summaries). */
export function DynamicTable({
  header,
  rows,
  rowKey,
  totalRow,
  emptyText,
  loading = false,
  pagination,
  height = Layout.tableHeight,
  testId = 'dynamic-table',
}: DynamicTableProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const leaves = useMemo(() => headerLeaves(header), [header]);
  const pinned = useMemo(() => new Set(leadingLeaves(header)), [header]);
  // Each leaf as wide as its widest cell on this page (a store code never wraps, a name takes one line).
  const columns = useMemo(() => {
    const measure = tableTextMeasure();
    const widths = new Map(
      leaves.map((leaf) => [
        leaf.prop,
        contentColumnWidth(
          leaf.name,
          [...rows, ...(totalRow ? [totalRow] : [])].map((row) => cellText(row[leaf.prop])),
          measure,
          { min: columnWidth(leaf.name), max: MAX_LEAF_WIDTH },
        ),
      ]),
    );
    return headerToColumns(header, { widths, pinned });
  }, [header, leaves, pinned, rows, totalRow]);
  const data = useMemo(() => (rowKey ? [...rows] : rows.map((row, index) => ({ ...row, [POSITION_KEY]: index }))), [rows, rowKey]);
  const totalLabel = t('common:total');

  if (mobile) {
    const titles = leafTitles(header);
    const cardColumns = leaves.map(
      (leaf): DataColumn<DynamicRow> => ({
        key: leaf.prop,
        dataIndex: leaf.prop,
        title: titles.get(leaf.prop) ?? leaf.name,
        width: 0,
        pin: pinned.has(leaf.prop) ? 'left' : undefined,
      }),
    );
    return (
      <div className="dynamic-table" data-testid={testId}>
        <DataCards<DynamicRow>
          rows={data}
          rowKey={(row) => String(row[rowKey ?? POSITION_KEY])}
          columns={cardColumns}
          loading={loading}
          emptyText={emptyText}
          testId={testId}
        />
        {pagination && <TablePagination {...pagination} />}
      </div>
    );
  }

  const summary =
    totalRow && rows.length > 0
      ? () => (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row className="dynamic-table-total" data-testid={`${testId}-total`}>
              {summaryCells(header, totalRow, totalLabel).map((value, index) => (
                <Table.Summary.Cell key={index} className="dynamic-table-total-cell">
                  {value}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )
      : undefined;

  return (
    <div className="dynamic-table" data-testid={testId}>
      <Table<DynamicRow>
        columns={columns}
        data={data}
        rowKey={rowKey ?? POSITION_KEY}
        loading={loading}
        border={{ wrapper: true, cell: true }}
        pagination={false}
        scroll={{ x: 'max-content', y: height }}
        noDataElement={<Empty description={emptyText} />}
        summary={summary}
      />
      {pagination && <TablePagination {...pagination} />}
    </div>
  );
}
