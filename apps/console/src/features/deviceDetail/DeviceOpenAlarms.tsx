import { useState } from 'react';
import { Empty, Spin } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlarmListSort, type AlarmRecord, type AlarmRecordListBody } from '@pest/shared';
import { alarmQueries } from '../../api/alarmQueries.ts';
import { AlarmHandleDrawer } from '../../widgets/alarms/AlarmHandleDrawer.tsx';
import { AlarmRowActions } from '../../widgets/alarms/AlarmRowActions.tsx';
import { alarmDetail } from '../../widgets/alarms/alarmContent.ts';
import { AlarmAge, AlarmSeverityTag, AlarmStateCell } from '../../widgets/alarms/AlarmTags.tsx';
import { useAlarmListLive } from '../../widgets/alarms/useAlarmListLive.ts';
import '../../widgets/alarms/alarms.css';

/** One alarm per kind can be open on a device, so a short page holds them all. */
const OPEN_ALARMS_SHOWN = 20;

/** The device's alarms nobody has handled yet, most urgent first: what the page body of the topic asks. */
export const openAlarmsBody = (boxId: number): AlarmRecordListBody => ({
  current: 1,
  size: OPEN_ALARMS_SHOWN,
  boxId,
  alarmOnly: true,
  states: ['open', 'acknowledged'],
  sort: AlarmListSort.urgency,
});

/** The device's open and acknowledged alarms, live, each with 确认 and 处理 as in 告警中心. */
export function DeviceOpenAlarms({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation(['alarms', 'live']);
  const body = openAlarmsBody(deviceId);
  const alarms = useQuery(alarmQueries.list(body));
  const changedIds = useAlarmListLive(body);
  const [handling, setHandling] = useState<readonly AlarmRecord[] | null>(null);
  const rows = alarms.data?.records ?? [];

  return (
    <div className="device-open-alarms" data-testid="device-open-alarms" data-count={alarms.data?.total ?? ''}>
      <h3 className="device-detail-section">
        {t('alarms:openAlarms')}
        {alarms.data ? ` (${alarms.data.total})` : ''}
      </h3>
      {alarms.isPending ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty description={t('alarms:noOpenAlarms')} />
      ) : (
        <ul className="device-open-alarm-list">
          {rows.map((alarm) => (
            <li
              key={alarm.id}
              className={changedIds.has(alarm.id) ? 'device-open-alarm alarm-row-changed' : 'device-open-alarm'}
              data-testid="device-open-alarm"
              data-alarm-id={alarm.id}
              data-state={alarm.state}
            >
              <AlarmSeverityTag severity={alarm.severity} />
              <div className="device-open-alarm-text">
                <div>
                  {[t(`live:alarmKind.${alarm.type}`), alarmDetail(alarm, i18n.language)].filter(Boolean).join(' · ')}
                  {alarm.repeatCount > 0 && <span className="alarm-cell-minor"> {t('alarms:repeatCount', { count: alarm.repeatCount })}</span>}
                </div>
                <div className="alarm-cell-minor">
                  {alarm.createTime} · <AlarmAge time={alarm.createTime} />
                </div>
              </div>
              <AlarmStateCell alarm={alarm} />
              <AlarmRowActions alarm={alarm} onHandle={(chosen) => setHandling([chosen])} />
            </li>
          ))}
        </ul>
      )}
      <AlarmHandleDrawer alarms={handling} onClose={() => setHandling(null)} />
    </div>
  );
}
