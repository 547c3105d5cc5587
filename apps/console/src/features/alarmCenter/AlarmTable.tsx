import { useMemo } from 'react';
import { Empty, Table, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Layout, type AlarmRecord } from '@pest/shared';
import { useIsMobile } from '../../components/useIsMobile.ts';
import { AlarmAge, AlarmSeverityTag, AlarmStateCell } from '../../widgets/alarms/AlarmTags.tsx';
import { AlarmRowActions } from '../../widgets/alarms/AlarmRowActions.tsx';
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

/** 告警中心's rows; a gateway's alarm unfolds into the boxes that went silent with it. */
export function AlarmTable({ rows, loading, changedIds, selectedIds, onSelect, onHandle, onAssign, onPhotos }: AlarmTableProps) {
  const { t } = useTranslation(['alarms', 'live']);
  // On a phone nothing is pinned: pinned checkbox and action columns would leave no room to scroll the rest through.
  const pinned = !useIsMobile();

  const columns = useMemo(
    (): TableColumnProps<AlarmRecord>[] => [
      { key: 'severity', title: t('alarms:severity'), width: 90, render: (_, row) => <AlarmSeverityTag severity={row.severity} /> },
      { key: 'type', title: t('alarms:kind'), width: 110, render: (_, row) => t(`live:alarmKind.${row.type}`) },
      { key: 'content', dataIndex: 'content', title: t('alarms:content'), width: 180, ellipsis: true, tooltip: true },
      {
        key: 'device',
        title: t('alarms:device'),
        width: 170,
        render: (_, row) => (
          <div className="alarm-device">
            <DeviceLink to="detail" deviceId={row.boxId} testId="alarm-device-link">
              {row.deviceName}
            </DeviceLink>
            <div className="alarm-cell-minor">{row.deviceCode}</div>
          </div>
        ),
      },
      { key: 'store', dataIndex: 'customerName', title: t('alarms:store'), width: 170, ellipsis: true, tooltip: true },
      {
        key: 'raised',
        title: t('alarms:raised'),
        width: 170,
        render: (_, row) => (
          <div>
            <div>{row.createTime}</div>
            <AlarmAge time={row.createTime} />
          </div>
        ),
      },
      {
        key: 'repeats',
        title: t('alarms:repeats'),
        width: 170,
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
      { key: 'state', title: t('alarms:state'), width: 200, render: (_, row) => <AlarmStateCell alarm={row} onPhotos={onPhotos} /> },
      { key: 'assignee', title: t('alarms:assignee'), width: 110, render: (_, row) => <span data-testid="alarm-assignee-cell">{orDash(row.assignee)}</span> },
      {
        key: 'linked',
        title: t('alarms:linked'),
        width: 100,
        render: (_, row) => (row.linkedCount > 0 ? <span data-testid="alarm-linked-count">{t('alarms:linkedCount', { count: row.linkedCount })}</span> : '—'),
      },
      {
        key: 'actions',
        title: t('alarms:actions'),
        width: 160,
        fixed: pinned ? 'right' : undefined,
        render: (_, row) => <AlarmRowActions alarm={row} onHandle={onHandle} onAssign={onAssign} />,
      },
    ],
    [t, pinned, onHandle, onAssign, onPhotos],
  );

  const width = columns.reduce((sum, column) => sum + Number(column.width), 0);

  return (
    <Table<AlarmRecord>
      data-testid="alarm-table"
      rowKey="id"
      onRow={(row) => ({ 'data-testid': 'alarm-row', 'data-alarm-id': row.id, 'data-state': row.state })}
      rowClassName={(row) => (changedIds.has(row.id) ? 'alarm-row-changed' : '')}
      columns={columns}
      data={[...rows]}
      loading={loading}
      pagination={false}
      border={{ wrapper: true, cell: true }}
      scroll={{ x: width, y: Layout.tableHeight }}
      noDataElement={<Empty />}
      rowSelection={{
        type: 'checkbox',
        fixed: pinned,
        selectedRowKeys: [...selectedIds],
        onChange: (keys) => onSelect(keys.map(Number)),
        checkboxProps: (row) => ({ disabled: row.state === 'handled' }),
      }}
      expandedRowRender={(row) => (row.linkedCount > 0 ? <LinkedBoxes gatewayAlarmId={row.id} /> : null)}
      expandProps={{ rowExpandable: (row) => row.linkedCount > 0, width: 40 }}
    />
  );
}
