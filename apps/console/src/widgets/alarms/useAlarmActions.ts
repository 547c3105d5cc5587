import { useQueryClient } from '@tanstack/react-query';
import { Message } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, type AlarmRecord } from '@pest/shared';
import { alarmKeys } from '../../api/alarmQueries.ts';
import { acknowledgeAlarms, assignAlarms, handleAlarms } from '../../api/alarms.ts';
import { deviceKeys } from '../../api/deviceQueries.ts';
import { reportError } from '../../api/http.ts';
import { actionOutcome } from './alarmPage.ts';

type Done = 'alarms:acknowledged' | 'alarms:handled' | 'alarms:assigned';

/**
 * Acknowledge, handle and assign, as 告警中心 and the device detail call them. Each says how many
 * alarms changed; rows someone else had already moved are named as left alone, not as a failure.
 * Afterwards every alarm list, count and the devices' event pages are asked again, so the one who
 * acted sees the result at once rather than at the next live push. Resolves with the count
 * changed, or null when the request failed (the http client has told the user why).
 */
export function useAlarmActions() {
  const { t } = useTranslation(['alarms']);
  const queryClient = useQueryClient();

  const settle = (alarms: readonly AlarmRecord[]) => {
    void queryClient.invalidateQueries({ queryKey: alarmKeys.all });
    void queryClient.invalidateQueries({ queryKey: [...deviceKeys.all, 'alarms'] });
    for (const boxId of new Set(alarms.map((alarm) => alarm.boxId))) {
      // The device's header marks an unhandled alarm, and its event list shows each one's state.
      void queryClient.invalidateQueries({ queryKey: deviceKeys.info(boxId), exact: true });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.events(boxId) });
    }
  };

  const run = async (alarms: readonly AlarmRecord[], done: Done, call: (ids: number[]) => Promise<{ changed: number }>) => {
    try {
      const { changed } = await call(alarms.map((alarm) => alarm.id));
      const outcome = actionOutcome(alarms.length, changed);
      if (outcome.changed > 0) Message.success({ content: t(done, { count: outcome.changed }), duration: TOAST_DURATION_MS });
      if (outcome.untouched > 0) Message.info({ content: t('alarms:alreadyDone', { count: outcome.untouched }), duration: TOAST_DURATION_MS });
      settle(alarms);
      return changed;
    } catch (error) {
      reportError(error);
      return null;
    }
  };

  return {
    acknowledge: (alarms: readonly AlarmRecord[]) => run(alarms, 'alarms:acknowledged', (ids) => acknowledgeAlarms({ ids })),
    handle: (alarms: readonly AlarmRecord[], note: string, pictures: string[]) =>
      run(alarms, 'alarms:handled', (ids) => handleAlarms({ ids, note, ...(pictures.length > 0 ? { pictures } : {}) })),
    assign: (alarms: readonly AlarmRecord[], assignee: string) => run(alarms, 'alarms:assigned', (ids) => assignAlarms({ ids, assignee })),
  };
}
