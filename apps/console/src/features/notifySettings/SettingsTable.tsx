import { Button, Popconfirm } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { CELL_CHROME, DataTable, tableTextMeasure, type DataColumn } from '../../components/DataTable/index.ts';

/** The 操作 column of both tables, pinned right: 编辑, and 删除 after a confirmation naming the row. */
export function editDeleteColumn<T extends { id: number; name: string }>(options: {
  title: string;
  testIdPrefix: string;
  confirmKey: 'notify:deleteChannelConfirm' | 'notify:deleteRuleConfirm';
  onEdit(row: T): void;
  /** May return a promise: the confirmation shows it loading until it settles. */
  onDelete(row: T): unknown;
}): DataColumn<T> {
  const { title, ...actions } = options;
  // Two mini text buttons (11 px padding a side) 4 px apart, their 12 px texts measured at the table's 14 px:
  // a fixed 140 px cut English's Edit Delete.
  const measure = tableTextMeasure();
  const width = Math.ceil(CELL_CHROME + 2 * 22 + 4 + measure(i18n.t('notify:edit')) + measure(i18n.t('notify:delete')));
  return { key: 'actions', title, width: Math.max(140, width), pin: 'right', render: (_, row) => <EditDelete row={row} {...actions} /> };
}

function EditDelete<T extends { id: number; name: string }>({
  row,
  testIdPrefix,
  confirmKey,
  onEdit,
  onDelete,
}: { row: T } & Omit<Parameters<typeof editDeleteColumn<T>>[0], 'title'>) {
  const { t } = useTranslation(['notify']);
  return (
    <span className="notify-actions">
      <Button type="text" size="mini" onClick={() => onEdit(row)} data-testid={`${testIdPrefix}-edit`}>
        {t('notify:edit')}
      </Button>
      <Popconfirm title={t(confirmKey, { name: row.name })} onOk={() => onDelete(row) as Promise<void> | void}>
        <Button type="text" size="mini" status="danger" data-testid={`${testIdPrefix}-delete`}>
          {t('notify:delete')}
        </Button>
      </Popconfirm>
    </span>
  );
}

/** A settings table under its 新增 button: every row on one page, the name pinned left and the actions right. */
export function SettingsTable<T extends { id: number }>({
  rowTestId,
  columns,
  data,
  loading,
  onAdd,
}: {
  /**
   * Names the table (its column choice, `${rowTestId}-table`); the 新增 button is `${rowTestId}-add`;
   * rows carry data-testid `${rowTestId}-row` and data-`${rowTestId}`-id.
   */
  rowTestId: string;
  columns: readonly DataColumn<T>[];
  data: readonly T[];
  loading: boolean;
  onAdd(): void;
}) {
  const { t } = useTranslation(['notify']);
  return (
    <>
      <div className="notify-toolbar">
        <Button type="primary" icon={<IconPlus />} onClick={onAdd} data-testid={`${rowTestId}-add`}>
          {t('notify:add')}
        </Button>
      </div>
      <DataTable<T>
        tableId={`notify-${rowTestId}s`}
        testId={`${rowTestId}-table`}
        rowKey="id"
        rowAttributes={(row) => ({ 'data-testid': `${rowTestId}-row`, [`data-${rowTestId}-id`]: row.id })}
        columns={columns}
        data={data}
        loading={loading}
        pagination={false}
        border={{ wrapper: true, cell: true }}
      />
    </>
  );
}
