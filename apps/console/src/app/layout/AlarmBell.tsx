import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Empty, Notification } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AlarmRecord } from '@pest/shared';
import { deviceQueries } from '../../api/deviceQueries.ts';
import { alarmNotices } from '../../live/alarmNotices.ts';
import { useLiveTopic } from '../../live/useLiveTopic.ts';
import { pathWithId, routePaths } from '../../navigation/routePaths.ts';

const UNHANDLED_SHOWN = 10;
const NOTICE_MS = 8_000;
const deviceDetailPath = (alarm: AlarmRecord) => pathWithId(routePaths.equipmentDetail, alarm.boxId);
/** The bell's list: the newest unhandled alarms; live pushes replace it in the cache. */
const unhandledQuery = deviceQueries.alarms({ current: 1, size: UNHANDLED_SHOWN, handled: false, alarmOnly: true });

/** The navbar bell: unhandled alarms in the user's scope, live, with a toast for each new one. */
export function AlarmBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The bell is a side show: a failed fetch leaves it as it was, the next push repairs it.
  const unhandled = useQuery(unhandledQuery).data;

  // Notifications render in a React root of their own, outside the router: plain links that navigate.
  const linkTo = (alarm: AlarmRecord, text: string) => (
    <a
      href={deviceDetailPath(alarm)}
      className="alarm-notice-link"
      onClick={(event) => {
        event.preventDefault();
        navigate(deviceDetailPath(alarm));
      }}
    >
      {text}
    </a>
  );

  const announce = (alarms: AlarmRecord[]) => {
    for (const notice of alarmNotices(alarms)) {
      if (notice.kind === 'single') {
        const { alarm } = notice;
        Notification.warning({
          id: `alarm-${alarm.id}`,
          title: `${t(`live:alarmKind.${alarm.type}`)} · ${alarm.customerName}`,
          content: linkTo(alarm, t('live:alarmText', { device: alarm.deviceName, content: alarm.content })),
          duration: NOTICE_MS,
        });
      } else {
        Notification.warning({
          id: 'alarm-group',
          title: t('live:newAlarms', { count: notice.count }),
          content: (
            <ul className="alarm-notice-group">
              {notice.preview.map((alarm) => (
                <li key={alarm.id}>
                  {linkTo(alarm, t('live:alarmStoreText', { store: alarm.customerName, device: alarm.deviceName, content: alarm.content }))}
                </li>
              ))}
            </ul>
          ),
          duration: NOTICE_MS,
        });
      }
    }
  };

  useLiveTopic(
    'alarmOverview',
    {},
    {
      onUpdate: ({ full, data }) => {
        if (data.unhandled) queryClient.setQueryData(unhandledQuery.queryKey, data.unhandled);
        // The first update is the state as it stands, not news.
        if (!full && data.newAlarms.length > 0) announce(data.newAlarms);
      },
      onResync: () => void queryClient.invalidateQueries({ queryKey: unhandledQuery.queryKey, exact: true }),
    },
  );

  const list = (
    <div className="alarm-bell-list" data-testid="alarm-bell-list">
      <div className="alarm-bell-list-title">{t('live:unhandledAlarms', { count: unhandled?.total ?? 0 })}</div>
      {unhandled && unhandled.records.length > 0 ? (
        unhandled.records.map((alarm) => (
          <button type="button" key={alarm.id} className="alarm-bell-item" onClick={() => navigate(deviceDetailPath(alarm))}>
            <span className="alarm-bell-item-kind">{t(`live:alarmKind.${alarm.type}`)}</span>
            <span className="alarm-bell-item-text">
              {t('live:alarmStoreText', { store: alarm.customerName, device: alarm.deviceName, content: alarm.content })}
            </span>
            <span className="alarm-bell-item-time">{alarm.createTime}</span>
          </button>
        ))
      ) : (
        <Empty description={t('live:noUnhandledAlarms')} />
      )}
    </div>
  );

  return (
    <Dropdown droplist={list} trigger="click" position="br">
      <Badge count={unhandled?.total ?? 0} maxCount={99} dot={false}>
        <Button
          type="secondary"
          shape="circle"
          icon={<IconNotification />}
          aria-label={t('live:alarms')}
          title={t('live:alarms')}
          data-testid="alarm-bell"
          data-count={unhandled?.total ?? ''}
        />
      </Badge>
    </Dropdown>
  );
}
