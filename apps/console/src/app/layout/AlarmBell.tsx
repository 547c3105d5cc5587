import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Dropdown } from '@arco-design/web-react';
import { IconNotification, IconNotificationClose } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { ALARM_OVERVIEW_UNHANDLED, type AlarmRecord, type Page } from '@pest/shared';
import { deviceQueries } from '../../api/deviceQueries.ts';
import { useToastPreferences } from '../../live/alarmToastPreferences.ts';
import type { ToastPreferences } from '../../live/alarmToastPolicy.ts';
import { useAlarmToasts } from '../../live/useAlarmToasts.ts';
import { useLiveTopic } from '../../live/useLiveTopic.ts';
import { useSession } from '../../session/session.ts';
import { AlarmBellList } from './AlarmBellList.tsx';
import { AlarmToasts } from './AlarmToasts.tsx';

/** The bell's list: what alarmOverview pushes as `unhandled` (open and acknowledged, most urgent first), asked the same way. */
const unhandledQuery = deviceQueries.alarms({
  current: 1,
  size: ALARM_OVERVIEW_UNHANDLED,
  alarmOnly: true,
  states: ['open', 'acknowledged'],
  sort: 'urgency',
});
/** The badge: open alarms nobody has acknowledged; its total is what alarmOverview pushes as `unacknowledged`. */
const unacknowledgedQuery = deviceQueries.alarms({ current: 1, size: 1, alarmOnly: true, states: ['open'] });

/**
 * The navbar bell. Its badge counts the alarms nobody has acknowledged yet, the ones that need
 * someone's attention: an acknowledged alarm has an owner, so acknowledging brings the count down
 * in every console. The dropdown lists what is not yet handled, with a quick 确认, the way to
 * 告警中心, and the toast preferences; new alarms become toasts by those preferences.
 */
export function AlarmBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [preferences, setPreferences] = useToastPreferences(user?.account);
  const toasts = useAlarmToasts();
  const [open, setOpen] = useState(false);
  // The bell is a side show: a failed fetch leaves it as it was, the next push repairs it.
  const unhandled = useQuery(unhandledQuery).data;
  const unacknowledged = useQuery(unacknowledgedQuery).data?.total;

  useLiveTopic(
    'alarmOverview',
    {},
    {
      onUpdate: ({ data }) => {
        if (data.unhandled) queryClient.setQueryData(unhandledQuery.queryKey, data.unhandled);
        if (data.unacknowledged !== undefined) {
          const total = data.unacknowledged;
          queryClient.setQueryData(unacknowledgedQuery.queryKey, (page: Page<AlarmRecord> | undefined) => ({ records: page?.records ?? [], total }));
        }
        // The first update is the state as it stands; the policy takes it as the line below which nothing toasts.
        toasts.receive(data.newAlarms, preferences);
      },
      onResync: () => {
        void queryClient.invalidateQueries({ queryKey: unhandledQuery.queryKey, exact: true });
        void queryClient.invalidateQueries({ queryKey: unacknowledgedQuery.queryKey, exact: true });
      },
    },
  );

  const changePreferences = (next: ToastPreferences) => {
    if (next.muted) toasts.clear();
    setPreferences(next);
  };

  return (
    <>
      <Dropdown
        droplist={
          <AlarmBellList
            unhandled={unhandled}
            unacknowledged={unacknowledged}
            preferences={preferences}
            onPreferencesChange={changePreferences}
            onNavigate={() => setOpen(false)}
          />
        }
        trigger="click"
        position="br"
        popupVisible={open}
        onVisibleChange={setOpen}
      >
        <Badge count={unacknowledged ?? 0} maxCount={99} dot={false}>
          <Button
            type="secondary"
            shape="circle"
            // Muted, the bell says so: the operator who wonders why nothing pops up sees why.
            icon={preferences.muted ? <IconNotificationClose /> : <IconNotification />}
            aria-label={t('live:alarms')}
            title={t('live:bellTitle', { unacknowledged: unacknowledged ?? 0, unhandled: unhandled?.total ?? 0 })}
            data-testid="alarm-bell"
            data-count={unacknowledged ?? ''}
            data-unhandled={unhandled?.total ?? ''}
            data-latest-alarm={toasts.latestAlarmId ?? ''}
            data-muted={preferences.muted}
          />
        </Badge>
      </Dropdown>
      <AlarmToasts toasts={toasts.toasts} onClose={toasts.close} onHold={toasts.setHeld} />
    </>
  );
}
