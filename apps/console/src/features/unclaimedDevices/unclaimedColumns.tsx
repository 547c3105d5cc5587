import { Button } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import type { UnclaimedDevice } from '@pest/shared';
import type { DataColumn } from '../../components/DataTable/index.ts';

const text = (value: string | null) => value ?? '';
/** A LoRaWAN device is known by its DevEUI, an NB-IoT one by its IMEI: one column for whichever it has. */
const identityOf = (row: UnclaimedDevice) => row.devEui ?? row.imei ?? '';

/**
 * 待认领设备's table: who was heard, through which integration, when, how often, and what it last
 * sent; with `claim` (a user who may register devices), a 认领 button per row.
 */
export function unclaimedColumns(t: TFunction<['connectivity']>, claim?: (row: UnclaimedDevice) => void): DataColumn<UnclaimedDevice>[] {
  const columns: DataColumn<UnclaimedDevice>[] = [
    {
      key: 'identity',
      title: t('connectivity:deviceIdentity'),
      width: 150,
      pin: 'left',
      cellText: identityOf,
      render: (_, row) => (
        <span className="unclaimed-mono" data-testid="unclaimed-identity">
          {identityOf(row)}
        </span>
      ),
    },
    { key: 'integration', title: t('connectivity:integration'), width: 110, cellText: (row) => text(row.integrationName), render: (_, row) => text(row.integrationName) },
    { key: 'source', title: t('connectivity:source'), width: 80, cellText: (row) => row.source, render: (_, row) => row.source },
    { key: 'firstSeenAt', title: t('connectivity:firstSeenAt'), width: 150, cellText: (row) => row.firstSeenAt, render: (_, row) => row.firstSeenAt },
    { key: 'lastSeenAt', title: t('connectivity:lastSeenAt'), width: 150, cellText: (row) => row.lastSeenAt, render: (_, row) => row.lastSeenAt },
    { key: 'uplinks', title: t('connectivity:uplinkCount'), width: 70, align: 'right', render: (_, row) => row.uplinks },
    {
      key: 'lastPayload',
      title: t('connectivity:lastPayload'),
      width: 140,
      flexible: true,
      cellText: (row) => text(row.lastPayloadHex),
      render: (_, row) => <span className="unclaimed-mono">{text(row.lastPayloadHex)}</span>,
    },
  ];
  if (claim)
    columns.push({
      key: 'actions',
      title: t('connectivity:actions'),
      width: 70,
      pin: 'right',
      render: (_, row) => (
        <Button type="text" size="small" onClick={() => claim(row)} data-testid="unclaimed-claim">
          {t('connectivity:claim')}
        </Button>
      ),
    });
  return columns;
}
