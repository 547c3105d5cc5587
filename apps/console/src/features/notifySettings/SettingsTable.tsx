import { Button, Empty, Popconfirm, Table, type TableColumnProps } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';

/** The 操作 column of both tables: 编辑, and 删除 after a confirmation naming the row. */
export function editDeleteColumn<T extends { id: number; name: string }>(options: {
  testIdPrefix: string;
  confirmKey: 'notify:deleteChannelConfirm' | 'notify:deleteRuleConfirm';
  onEdit(row: T): void;
  /** May return a promise: the confirmation shows it loading until it settles. */
  onDelete(row: T): unknown;
}): TableColumnProps<T> {
  return {
    key: 'actions',
    title: <ActionsTitle />,
    width: 110,
    fixed: 'right',
    render: (_, row) => <EditDelete row={row} {...options} />,
  };
}

function ActionsTitle() {
  const { t } = useTranslation(['notify']);
  return t('notify:actions');
}

function EditDelete<T extends { id: number; name: string }>({
  row,
  testIdPrefix,
  confirmKey,
  onEdit,
  onDelete,
}: { row: T } & Parameters<typeof editDeleteColumn<T>>[0]) {
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

/** A settings table under its 新增 button: every row on one page, as wide as its columns. */
export function SettingsTable<T extends { id: number }>({
  rowTestId,
  columns,
  data,
  loading,
  onAdd,
}: {
  /** The 新增 button is `${rowTestId}-add`; rows carry data-testid `${rowTestId}-row` and data-`${rowTestId}`-id. */
  rowTestId: string;
  columns: TableColumnProps<T>[];
  data: T[];
  loading: boolean;
  onAdd(): void;
}) {
  const { t } = useTranslation(['notify']);
  const width = columns.reduce((sum, column) => sum + Number(column.width), 0);
  return (
    <>
      <div className="notify-toolbar">
        <Button type="primary" icon={<IconPlus />} onClick={onAdd} data-testid={`${rowTestId}-add`}>
          {t('notify:add')}
        </Button>
      </div>
      <Table<T>
        rowKey="id"
        onRow={(row) => ({ 'data-testid': `${rowTestId}-row`, [`data-${rowTestId}-id`]: row.id })}
        columns={columns}
        data={data}
        loading={loading}
        pagination={false}
        border={{ wrapper: true, cell: true }}
        scroll={{ x: width }}
        noDataElement={<Empty />}
      />
    </>
  );
}
