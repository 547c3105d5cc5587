import { useMemo } from 'react';
import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus, NotifyDelivery } from '@pest/shared';
import { DataTable, type DataColumn } from '../../components/DataTable/index.ts';
import { reasonOf } from './deliveryLogQuery.ts';

const STATUS_COLOURS: Record<DeliveryStatus, string> = {
  pending: 'gray',
  sending: 'arcoblue',
  sent: 'green',
  retrying: 'orange',
  failed: 'red',
  cancelled: 'gray',
};

/** A small tag's padding and border beside its text. */
const TAG_CHROME = 18;

/**
 * The delivery rows: what went where, why, and how it went. The time (a delivery's identity in the
 * log) is pinned left; the status and channel follow it, so a failed send shows at 1366 px.
 */
export function DeliveryTable({ rows, loading }: { rows: readonly NotifyDelivery[]; loading: boolean }) {
  const { t } = useTranslation(['notify']);
  const columns = useMemo((): DataColumn<NotifyDelivery>[] => {
    const sentOrNext = (row: NotifyDelivery) =>
      row.sentTime ?? (row.nextAttemptTime && (row.status === 'retrying' || row.status === 'pending') ? t('notify:nextAttempt', { time: row.nextAttemptTime }) : t('notify:none'));
    return [
      { key: 'createTime', dataIndex: 'createTime', title: t('notify:time'), width: 120, pin: 'left', cellText: (row) => row.createTime },
      {
        key: 'status',
        title: t('notify:status'),
        width: 60,
        cellText: (row) => t(`notify:deliveryStatus.${row.status}`),
        cellExtra: TAG_CHROME,
        ellipsis: false,
        tooltip: false,
        render: (_, row) => (
          <Tag color={STATUS_COLOURS[row.status]} size="small" data-testid="delivery-status" data-status={row.status}>
            {t(`notify:deliveryStatus.${row.status}`)}
          </Tag>
        ),
      },
      {
        key: 'channel',
        title: t('notify:channel'),
        width: 100,
        maxWidth: 240,
        cellText: (row) => [row.channelName, t(`notify:channelType.${row.channelType}`)],
        ellipsis: false,
        tooltip: false,
        render: (_, row) => (
          <div className="notify-log-channel">
            <span>{row.channelName}</span>
            <span className="notify-log-muted">{t(`notify:channelType.${row.channelType}`)}</span>
          </div>
        ),
      },
      { key: 'rule', title: t('notify:rule'), width: 90, maxWidth: 200, cellText: (row) => row.ruleName ?? t('notify:none'), render: (_, row) => row.ruleName ?? t('notify:none') },
      { key: 'reason', title: t('notify:reason'), width: 60, cellText: (row) => t(`notify:reasons.${reasonOf(row)}`), render: (_, row) => t(`notify:reasons.${reasonOf(row)}`) },
      { key: 'alarmCount', title: t('notify:alarmCount'), width: 60, align: 'right', cellText: (row) => String(row.alarmIds.length), render: (_, row) => row.alarmIds.length },
      { key: 'attempts', dataIndex: 'attempts', title: t('notify:attempts'), width: 60, align: 'right', cellText: (row) => String(row.attempts) },
      { key: 'sentOrNext', title: t('notify:sentOrNext'), width: 120, cellText: sentOrNext, render: (_, row) => sentOrNext(row) },
      {
        key: 'lastError',
        title: t('notify:lastError'),
        width: 140,
        flexible: true,
        cellText: (row) => row.lastError ?? t('notify:none'),
        render: (_, row) => row.lastError ?? t('notify:none'),
      },
    ];
  }, [t]);

  return (
    <DataTable<NotifyDelivery>
      tableId="notifyDeliveries"
      testId="delivery-table"
      rowKey="id"
      rowAttributes={(row) => ({ 'data-testid': 'delivery-row', 'data-delivery-id': row.id, 'data-channel-id': row.channelId })}
      columns={columns}
      data={rows}
      loading={loading}
      pagination={false}
      border={{ wrapper: true, cell: true }}
    />
  );
}
