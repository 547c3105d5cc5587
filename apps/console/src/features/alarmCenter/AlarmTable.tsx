import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmRecord } from '@pest/shared';
import { DataTable, storeColumn, type DataColumn, type DataExpandedRow } from '../../components/DataTable/index.ts';
import { AlarmAge, AlarmSeverityTag, AlarmStateCell, alarmStateBy } from '../../widgets/alarms/AlarmTags.tsx';
import { AlarmRowActions } from '../../widgets/alarms/AlarmRowActions.tsx';
import { alarmContent } from '../../widgets/alarms/alarmContent.ts';
import { DeviceLink } from '../../widgets/device/DeviceLink.tsx';
import { LinkedBoxes } from './LinkedBoxes.tsx';

interface AlarmTableProps {
  rows: readonly AlarmRecord[];
  loading: boolean;
  changedIds: ReadonlySet<number>;
  selectedIds: readonly number[];
  onSelect(ids: number[]): void;
  onHandle(alarm: AlarmRecord): void;
  onAssign(alarm: AlarmRecord): void;
  onPhotos(alarm: AlarmRecord): void;
}

const orDash = (value: string | null) => value || '—';

/** A tag's padding and border beside its text. */
const TAG_CHROME = 18;

/** The row's buttons (AlarmRowActions), at most all three. */
const ACTION_LABELS = ['alarms:acknowledge', 'alarms:handle', 'alarms:assign'] as const;
/** Their paddings and borders (Arco's mini buttons: 11 px a side and a border) and the gaps between them. */
const ACTION_BUTTONS_CHROME = ACTION_LABELS.length * 24 + (ACTION_LABELS.length - 1) * 4;

/**
 * 告警中心's rows. The device (what the alarm is about) is pinned left and the actions right; its
 * store and the columns a person triages by (severity, kind, state, time) come first, so they are on screen at 1366 px.
 */
export function AlarmTable({ rows, loading, changedIds, selectedIds, onSelect, onHandle, onAssign, onPhotos }: AlarmTableProps) {
  const { t, i18n } = useTranslation(['alarms', 'live']);

  const columns = useMemo(
    (): DataColumn<AlarmRecord>[] => [
      {
        key: 'device',
        title: t('alarms:device'),
        width: 120,
        pin: 'left',
        maxWidth: 240,
        cellText: (row) => [row.deviceName, row.deviceCode],
        render: (_, row) => (
          <div className="alarm-device">
            <DeviceLink to="detail" deviceId={row.boxId} testId="alarm-device-link">
              {row.deviceName}
            </DeviceLink>
            <div className="alarm-cell-minor">{row.deviceCode}</div>
          </div>
        ),
      },
      storeColumn({ key: 'store', title: t('alarms:store'), name: (row) => row.customerName }),
      {
        key: 'severity',
        title: t('alarms:severity'),
        width: 60,
        cellText: (row) => (row.severity ? t(`live:alarmSeverity.${row.severity}`) : '—'),
        cellExtra: TAG_CHROME,
        ellipsis: false,
        tooltip: false,
        render: (_, row) => <AlarmSeverityTag severity={row.severity} />,
      },
      { key: 'type', title: t('alarms:kind'), width: 60, cellText: (row) => t(`live:alarmKind.${row.type}`), render: (_, row) => t(`live:alarmKind.${row.type}`) },
      {
        key: 'state',
        title: t('alarms:state'),
        width: 80,
        maxWidth: 240,
        cellText: (row) => [t(`live:alarmState.${row.state}`), alarmStateBy(t, row) ?? ''],
        cellExtra: TAG_CHROME,
        ellipsis: false,
        tooltip: false,
        render: (_, row) => <AlarmStateCell alarm={row} onPhotos={onPhotos} />,
      },
      {
        key: 'raised',
        title: t('alarms:raised'),
        width: 120,
        cellText: (row) => row.createTime,
        ellipsis: false,
        tooltip: false,
        render: (_, row) => (
          <div>
            <div>{row.createTime}</div>
            <AlarmAge time={row.createTime} />
          </div>
        ),
      },
      {
        key: 'content',
        title: t('alarms:content'),
        width: 140,
        flexible: true,
        cellText: (row) => alarmContent(row, i18n.language),
        render: (_, row) => alarmContent(row, i18n.language),
      },
      {
        key: 'repeats',
        title: t('alarms:repeats'),
        width: 60,
        cellText: (row) => (row.repeatCount > 0 ? [t('alarms:repeatCount', { count: row.repeatCount }), t('alarms:lastTime', { time: row.lastTime })] : '—'),
        ellipsis: false,
        tooltip: false,
        render: (_, row) =>
          row.repeatCount > 0 ? (
            <div data-testid="alarm-repeats">
              <div>{t('alarms:repeatCount', { count: row.repeatCount })}</div>
              <div className="alarm-cell-minor">{t('alarms:lastTime', { time: row.lastTime })}</div>
            </div>
          ) : (
            '—'
          ),
      },
      {
        key: 'assignee',
        title: t('alarms:assignee'),
        width: 70,
        cellText: (row) => orDash(row.assignee),
        render: (_, row) => <span data-testid="alarm-assignee-cell">{orDash(row.assignee)}</span>,
      },
      {
        key: 'linked',
        title: t('alarms:linked'),
        width: 70,
        cellText: (row) => (row.linkedCount > 0 ? t('alarms:linkedCount', { count: row.linkedCount }) : '—'),
        render: (_, row) => (row.linkedCount > 0 ? <span data-testid="alarm-linked-count">{t('alarms:linkedCount', { count: row.linkedCount })}</span> : '—'),
      },
      {
        key: 'actions',
        title: t('alarms:actions'),
        // 确认, 处理 and 指派 on one line, as wide as the interface language's words need: English's
        // are twice Chinese's, and at a fixed 190 px "Assign" was drawn outside the cell.
        width: 190,
        pin: 'right',
        cellText: () => ACTION_LABELS.map((label) => t(label)).join(''),
        cellExtra: ACTION_BUTTONS_CHROME,
        ellipsis: false,
        tooltip: false,
        render: (_, row) => <AlarmRowActions alarm={row} onHandle={onHandle} onAssign={onAssign} />,
      },
    ],
    [t, i18n.language, onHandle, onAssign, onPhotos],
  );

  // A gateway's alarm unfolds into the boxes that went silent with it.
  const linkedBoxes = useMemo(
    (): DataExpandedRow<AlarmRecord> => ({
      expandable: (row) => row.linkedCount > 0,
      render: (row) => <LinkedBoxes gatewayAlarmId={row.id} />,
      label: (row) => t('alarms:expandLinked', { device: row.deviceName }),
    }),
    [t],
  );

  return (
    <DataTable<AlarmRecord>
      tableId="alarmCenter"
      testId="alarm-table"
      rowKey="id"
      rowAttributes={(row) => ({ 'data-testid': 'alarm-row', 'data-alarm-id': row.id, 'data-state': row.state })}
      rowClassName={(row) => (changedIds.has(row.id) ? 'alarm-row-changed' : '')}
      columns={columns}
      data={rows}
      loading={loading}
      pagination={false}
      border={{ wrapper: true, cell: true }}
      rowSelection={{
        selectedKeys: selectedIds,
        onChange: (chosen) => onSelect(chosen.map((row) => row.id)),
        label: (row) => `${row.deviceName} ${t(`live:alarmKind.${row.type}`)} ${row.createTime}`,
        disabled: (row) => row.state === 'handled',
      }}
      expandedRow={linkedBoxes}
    />
  );
}
