import { Button } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import type { DeviceModel } from '@pest/shared';
import type { DataColumn } from '../../components/DataTable/index.ts';

/** The last failure is what a provider needs to fix a codec: its message and when, under the count. */
const failureText = (row: DeviceModel) => (row.lastDecodeError ? `${row.lastDecodeError} (${row.lastDecodeErrorAt ?? ''})` : '');

/** 设备型号's table: which box, how often it reports, how many are out there, and whether its codec copes. */
export function deviceModelColumns(t: TFunction<['connectivity', 'devices']>, edit: (row: DeviceModel) => void): DataColumn<DeviceModel>[] {
  return [
    { key: 'vendor', title: t('connectivity:vendor'), width: 100, pin: 'left', cellText: (row) => row.vendor, render: (_, row) => row.vendor },
    {
      key: 'name',
      title: t('connectivity:modelName'),
      width: 120,
      pin: 'left',
      cellText: (row) => row.name,
      render: (_, row) => <span data-testid="device-model-name">{row.name}</span>,
    },
    { key: 'deviceType', title: t('connectivity:deviceType'), width: 90, cellText: (row) => t(`devices:kind.${row.deviceType}`), render: (_, row) => t(`devices:kind.${row.deviceType}`) },
    {
      key: 'reportInterval',
      title: t('connectivity:reportInterval'),
      width: 90,
      align: 'right',
      cellText: (row) => t('connectivity:minutes', { count: row.reportIntervalMinutes }),
      render: (_, row) => t('connectivity:minutes', { count: row.reportIntervalMinutes }),
    },
    { key: 'deviceCount', title: t('connectivity:deviceCount'), width: 70, align: 'right', render: (_, row) => row.deviceCount },
    { key: 'decodeFailures', title: t('connectivity:decodeFailures'), width: 80, align: 'right', render: (_, row) => row.decodeFailures },
    {
      key: 'lastDecodeError',
      title: t('connectivity:lastDecodeError'),
      width: 160,
      flexible: true,
      cellText: failureText,
      render: (_, row) => <span className="device-models-error">{failureText(row)}</span>,
    },
    {
      key: 'actions',
      title: t('connectivity:actions'),
      width: 70,
      pin: 'right',
      render: (_, row) => (
        <Button type="text" size="small" onClick={() => edit(row)} data-testid="device-model-edit">
          {t('connectivity:edit')}
        </Button>
      ),
    },
  ];
}
