import { useMemo } from 'react';
import { Empty, Table, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Layout, type DeviceRow } from '@pest/shared';
import { DeviceLink } from '../../widgets/device/DeviceLink.tsx';
import { BatteryIndicator, DeviceStatusTag, UnhandledAlarmMarker } from '../../widgets/device/DeviceBadges.tsx';

interface DeviceTableProps {
  rows: readonly DeviceRow[];
  loading: boolean;
  /** Rows that just changed live, highlighted for a moment. */
  changedIds?: ReadonlySet<number>;
}

const orDash = (value: string | null) => (value ? value : '—');

/** The device rows (console-spec screen 6); each row renders from its DeviceRow alone, so a row patched by id redraws by itself. */
export function DeviceTable({ rows, loading, changedIds }: DeviceTableProps) {
  const { t } = useTranslation(['devices']);

  const columns = useMemo(
    (): TableColumnProps<DeviceRow>[] => [
      {
        key: 'deviceCode',
        title: t('devices:deviceCode'),
        width: 170,
        fixed: 'left',
        render: (_, row) => (
          <div className="device-code">
            <span>{row.deviceCode}</span>
            <span className="device-code-no">{row.deviceNo}</span>
          </div>
        ),
      },
      { key: 'deviceName', dataIndex: 'deviceName', title: t('devices:deviceName'), width: 160, ellipsis: true, tooltip: true },
      { key: 'deviceType', title: t('devices:deviceType'), width: 140, render: (_, row) => t(`devices:kind.${row.deviceType}`) },
      { key: 'customerName', dataIndex: 'customerName', title: t('devices:store'), width: 180, ellipsis: true, tooltip: true },
      { key: 'areaName', title: t('devices:area'), width: 100, render: (_, row) => orDash(row.areaName) },
      { key: 'status', title: t('devices:statusTitle'), width: 90, align: 'center', render: (_, row) => <DeviceStatusTag status={row.status} /> },
      { key: 'remainingPower', title: t('devices:battery'), width: 110, render: (_, row) => <BatteryIndicator percent={row.remainingPower} /> },
      {
        key: 'hasUnHandleAlarm',
        title: t('devices:alarm'),
        width: 150,
        render: (_, row) => <UnhandledAlarmMarker unhandled={row.hasUnHandleAlarm} />,
      },
      { key: 'lastCommunicationDate', dataIndex: 'lastCommunicationDate', title: t('devices:lastCommunication'), width: 170 },
      { key: 'supplierName', dataIndex: 'supplierName', title: t('devices:supplier'), width: 140, ellipsis: true, tooltip: true },
      {
        key: 'actions',
        title: t('devices:actions'),
        width: 150,
        fixed: 'right',
        render: (_, row) => (
          <span className="device-actions">
            <DeviceLink to="detail" deviceId={row.id} testId="device-detail-link">
              {t('devices:detail')}
            </DeviceLink>
            <DeviceLink to="bindInfo" deviceId={row.id} testId="device-bind-link">
              {t('devices:bindInfo')}
            </DeviceLink>
          </span>
        ),
      },
    ],
    [t],
  );

  const width = columns.reduce((sum, column) => sum + Number(column.width), 0);

  return (
    <Table<DeviceRow>
      data-testid="device-table"
      rowKey="id"
      onRow={(row) => ({ 'data-testid': 'device-row', 'data-device-id': row.id })}
      rowClassName={(row) => (changedIds?.has(row.id) ? 'device-row-changed' : '')}
      columns={columns}
      data={[...rows]}
      loading={loading}
      pagination={false}
      border={{ wrapper: true, cell: true }}
      scroll={{ x: width, y: Layout.tableHeight }}
      noDataElement={<Empty />}
    />
  );
}
