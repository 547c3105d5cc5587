import { useMemo } from 'react';
import { Empty, Table } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Layout, type TableHeaderNode } from '@pest/shared';
import { headerToColumns, summaryCells, type DynamicRow } from './headerColumns.ts';
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
  const columns = useMemo(() => headerToColumns(header), [header]);
  const data = useMemo(() => (rowKey ? [...rows] : rows.map((row, index) => ({ ...row, [POSITION_KEY]: index }))), [rows, rowKey]);
  const totalLabel = t('common:total');

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
