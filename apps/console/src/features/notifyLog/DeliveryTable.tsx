import { useMemo } from 'react';
import { Empty, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus, NotifyDelivery } from '@pest/shared';
import { reasonOf } from './deliveryLogQuery.ts';

const STATUS_COLOURS: Record<DeliveryStatus, string> = {
  pending: 'gray',
  sending: 'arcoblue',
  sent: 'green',
  retrying: 'orange',
  failed: 'red',
  cancelled: 'gray',
};

/** The delivery rows: what went where, why, and how it went. */
export function DeliveryTable({ rows, loading }: { rows: readonly NotifyDelivery[]; loading: boolean }) {
  const { t } = useTranslation(['notify']);
  const columns = useMemo(
    (): TableColumnProps<NotifyDelivery>[] => [
      { key: 'createTime', dataIndex: 'createTime', title: t('notify:time'), width: 160 },
      {
        key: 'channel',
        title: t('notify:channel'),
        width: 150,
        render: (_, row) => (
          <div className="notify-log-channel">
            <span>{row.channelName}</span>
            <span className="notify-log-muted">{t(`notify:channelType.${row.channelType}`)}</span>
          </div>
        ),
      },
      { key: 'rule', title: t('notify:rule'), width: 130, ellipsis: true, render: (_, row) => row.ruleName ?? t('notify:none') },
      { key: 'reason', title: t('notify:reason'), width: 70, render: (_, row) => t(`notify:reasons.${reasonOf(row)}`) },
      { key: 'alarmCount', title: t('notify:alarmCount'), width: 70, align: 'right', render: (_, row) => row.alarmIds.length },
      {
        key: 'status',
        title: t('notify:status'),
        width: 90,
        render: (_, row) => (
          <Tag color={STATUS_COLOURS[row.status]} size="small" data-testid="delivery-status" data-status={row.status}>
            {t(`notify:deliveryStatus.${row.status}`)}
          </Tag>
        ),
      },
      { key: 'attempts', dataIndex: 'attempts', title: t('notify:attempts'), width: 80, align: 'right' },
      {
        key: 'lastError',
        title: t('notify:lastError'),
        width: 200,
        ellipsis: true,
        tooltip: true,
        render: (_, row) => row.lastError ?? t('notify:none'),
      },
      {
        key: 'sentOrNext',
        title: t('notify:sentOrNext'),
        width: 170,
        render: (_, row) =>
          row.sentTime ?? (row.nextAttemptTime && (row.status === 'retrying' || row.status === 'pending') ? t('notify:nextAttempt', { time: row.nextAttemptTime }) : t('notify:none')),
      },
    ],
    [t],
  );
  const width = columns.reduce((sum, column) => sum + Number(column.width), 0);

  return (
    <Table<NotifyDelivery>
      data-testid="delivery-table"
      rowKey="id"
      onRow={(row) => ({ 'data-testid': 'delivery-row', 'data-delivery-id': row.id, 'data-channel-id': row.channelId })}
      columns={columns}
      data={[...rows]}
      loading={loading}
      pagination={false}
      border={{ wrapper: true, cell: true }}
      scroll={{ x: width }}
      noDataElement={<Empty />}
    />
  );
}
