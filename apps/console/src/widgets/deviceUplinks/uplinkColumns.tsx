import type { TFunction } from 'i18next';
import type { UplinkRecord } from '@pest/shared';
import type { DataColumn } from '../../components/DataTable/index.ts';
import { readingText } from './readingText.ts';

const text = (value: string | number | null) => (value === null ? '' : String(value));
/** The network server, and which of the provider's integrations it came through. */
const sourceText = (row: UplinkRecord) => (row.integrationName ? `${row.source} · ${row.integrationName}` : row.source);

/** What the reading or the failure was: the codec's error is what the provider has to fix, so it is red. */
function decodedText(t: TFunction<['connectivity']>, row: UplinkRecord): string {
  if (row.error !== null) return row.error;
  return row.decoded ? readingText(t, row.decoded) : '';
}

/** 原始数据's columns: one uplink as the network server delivered it, and what the codec made of it. */
export function uplinkColumns(t: TFunction<['connectivity']>): DataColumn<UplinkRecord>[] {
  return [
    { key: 'receivedAt', title: t('connectivity:receivedAt'), width: 150, pin: 'left', cellText: (row) => row.receivedAt, render: (_, row) => row.receivedAt },
    {
      key: 'source',
      title: t('connectivity:source'),
      width: 90,
      cellText: sourceText,
      render: (_, row) => sourceText(row),
    },
    { key: 'fPort', title: t('connectivity:fPort'), width: 60, align: 'right', render: (_, row) => text(row.fPort) },
    { key: 'fCnt', title: t('connectivity:fCnt'), width: 70, align: 'right', render: (_, row) => text(row.fCnt) },
    {
      key: 'payloadHex',
      title: t('connectivity:payloadHex'),
      width: 140,
      maxWidth: 320,
      cellText: (row) => text(row.payloadHex),
      render: (_, row) => <code data-testid="uplink-payload">{text(row.payloadHex)}</code>,
    },
    {
      key: 'decoded',
      title: t('connectivity:decodedOrError'),
      width: 160,
      flexible: true,
      cellText: (row) => decodedText(t, row),
      render: (_, row) => (
        <span className={row.error !== null ? 'device-uplinks-error' : undefined} data-testid="uplink-decoded">
          {decodedText(t, row)}
        </span>
      ),
    },
    { key: 'rssi', title: t('connectivity:rssi'), width: 60, align: 'right', render: (_, row) => text(row.rssi) },
    { key: 'snr', title: t('connectivity:snr'), width: 60, align: 'right', render: (_, row) => text(row.snr) },
    { key: 'gateway', title: t('connectivity:gateway'), width: 120, cellText: (row) => text(row.gateway), render: (_, row) => text(row.gateway) },
  ];
}
