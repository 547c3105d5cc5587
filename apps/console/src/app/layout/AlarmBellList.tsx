import { useMutation } from '@tanstack/react-query';
import { Button, Empty } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AlarmRecord, Page } from '@pest/shared';
import type { ToastPreferences } from '../../live/alarmToastPolicy.ts';
import { routePaths } from '../../navigation/routePaths.ts';
import { alarmContent } from '../../widgets/alarms/alarmContent.ts';
import { useAlarmActions } from '../../widgets/alarms/useAlarmActions.ts';
import { AlarmBellPreferences } from './AlarmBellPreferences.tsx';
import { deviceDetailPath } from './alarmLinks.ts';

interface AlarmBellListProps {
  unhandled: Page<AlarmRecord> | undefined;
  unacknowledged: number | undefined;
  preferences: ToastPreferences;
  onPreferencesChange(next: ToastPreferences): void;
  /** A link was followed: the dropdown closes. */
  onNavigate(): void;
}

/** The bell's dropdown: unhandled alarms most urgent first, a quick 确认, 查看全部, and what pops up. */
export function AlarmBellList({ unhandled, unacknowledged, preferences, onPreferencesChange, onNavigate }: AlarmBellListProps) {
  const { t, i18n } = useTranslation();
  // The same 确认 as 告警中心's, with its message (issue #35: the bell's said nothing), and every alarm list asked again.
  const actions = useAlarmActions();
  const acknowledge = useMutation({ mutationFn: (alarm: AlarmRecord) => actions.acknowledge([alarm]) });

  return (
    <div className="alarm-bell-list" data-testid="alarm-bell-list">
      <div className="alarm-bell-list-title">
        <span>{t('live:unhandledAlarms', { count: unhandled?.total ?? 0 })}</span>
        <span className="alarm-bell-list-unacknowledged">{t('live:unacknowledgedAlarms', { count: unacknowledged ?? 0 })}</span>
      </div>
      <div className="alarm-bell-items">
        {unhandled && unhandled.records.length > 0 ? (
          unhandled.records.map((alarm) => (
            <div
              key={alarm.id}
              className={`alarm-bell-item alarm-bell-item-${alarm.state}`}
              data-testid="alarm-bell-item"
              data-alarm-id={alarm.id}
              data-state={alarm.state}
            >
              <span className={`alarm-bell-item-severity alarm-severity-bar-${alarm.severity ?? 'none'}`} aria-hidden />
              <Link to={deviceDetailPath(alarm)} className="alarm-bell-item-link" onClick={onNavigate}>
                <span className="alarm-bell-item-head">
                  {alarm.severity && (
                    <span className={`alarm-severity alarm-severity-${alarm.severity}`}>{t(`live:alarmSeverity.${alarm.severity}`)}</span>
                  )}
                  <span className="alarm-bell-item-kind">{t(`live:alarmKind.${alarm.type}`)}</span>
                  <span className="alarm-bell-item-state">{t(`live:alarmState.${alarm.state}`)}</span>
                </span>
                <span className="alarm-bell-item-text">
                  {t('live:alarmStoreText', { store: alarm.customerName, device: alarm.deviceName, content: alarmContent(alarm, i18n.language) })}
                </span>
                <span className="alarm-bell-item-time">{alarm.createTime}</span>
              </Link>
              {alarm.state === 'open' && (
                <Button
                  size="mini"
                  type="outline"
                  className="alarm-bell-item-ack"
                  loading={acknowledge.isPending && acknowledge.variables.id === alarm.id}
                  onClick={() => acknowledge.mutate(alarm)}
                  data-testid="alarm-bell-acknowledge"
                >
                  {t('live:acknowledge')}
                </Button>
              )}
            </div>
          ))
        ) : (
          <Empty description={t('live:noUnhandledAlarms')} />
        )}
      </div>
      <div className="alarm-bell-footer">
        <Link to={routePaths.alarmCenter} className="alarm-bell-view-all" onClick={onNavigate} data-testid="alarm-bell-view-all">
          {t('live:viewAll')}
        </Link>
      </div>
      <AlarmBellPreferences preferences={preferences} onChange={onPreferencesChange} />
    </div>
  );
}
