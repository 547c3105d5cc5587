import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@pest/shared';
import { DataTable, storeColumn, type DataColumn } from '../../components/DataTable/index.ts';
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

  // Key fields first (code pinned, then name, store, status, alarm and last communication), so they are
  // on screen at 1366 px without scrolling; the rest follow in the spec's order.
  const columns = useMemo(
    (): DataColumn<DeviceRow>[] => [
      {
        key: 'deviceCode',
        title: t('devices:deviceCode'),
        width: 120,
        pin: 'left',
        // Two lines: the code, and under it the longer device number (12px).
        cellText: (row) => (row.deviceNo.length > row.deviceCode.length ? row.deviceNo : row.deviceCode),
        ellipsis: false,
        tooltip: false,
        render: (_, row) => (
          <div className="device-code">
            <span>{row.deviceCode}</span>
            <span className="device-code-no">{row.deviceNo}</span>
          </div>
        ),
      },
      { key: 'deviceName', dataIndex: 'deviceName', title: t('devices:deviceName'), width: 120, maxWidth: 280, flexible: true, cellText: (row) => row.deviceName },
      storeColumn({ key: 'customerName', title: t('devices:store'), name: (row) => row.customerName }),
      { key: 'status', title: t('devices:statusTitle'), width: 90, align: 'center', render: (_, row) => <DeviceStatusTag status={row.status} /> },
      {
        key: 'hasUnHandleAlarm',
        title: t('devices:alarm'),
        width: 90,
        cellText: (row) => (row.hasUnHandleAlarm ? t('devices:unhandledAlarm') : '—'),
        // The marker's icon (14px) and its gap (4px) before the text.
        cellExtra: 18,
        ellipsis: false,
        tooltip: false,
        render: (_, row) => <UnhandledAlarmMarker unhandled={row.hasUnHandleAlarm} />,
      },
      {
        key: 'lastCommunicationDate',
        dataIndex: 'lastCommunicationDate',
        title: t('devices:lastCommunication'),
        width: 120,
        cellText: (row) => orDash(row.lastCommunicationDate),
      },
      { key: 'remainingPower', title: t('devices:battery'), width: 110, render: (_, row) => <BatteryIndicator percent={row.remainingPower} /> },
      { key: 'deviceType', title: t('devices:deviceType'), width: 90, cellText: (row) => t(`devices:kind.${row.deviceType}`), render: (_, row) => t(`devices:kind.${row.deviceType}`) },
      { key: 'areaName', title: t('devices:area'), width: 80, cellText: (row) => orDash(row.areaName), render: (_, row) => orDash(row.areaName) },
      { key: 'supplierName', dataIndex: 'supplierName', title: t('devices:supplier'), width: 100, maxWidth: 200, cellText: (row) => orDash(row.supplierName) },
      {
        key: 'actions',
        title: t('devices:actions'),
        width: 150,
        pin: 'right',
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

  return (
    <DataTable<DeviceRow>
      tableId="deviceList"
      testId="device-table"
      rowKey="id"
      rowAttributes={(row) => ({ 'data-testid': 'device-row', 'data-device-id': row.id })}
      rowClassName={(row) => (changedIds?.has(row.id) ? 'device-row-changed' : '')}
      columns={columns}
      data={rows}
      loading={loading}
      pagination={false}
      border={{ wrapper: true, cell: true }}
    />
  );
}
