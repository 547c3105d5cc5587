import { useState } from 'react';
import { Button } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { chinaDay, Permission, ServiceType, type AlarmRecord } from '@pest/shared';
import { useCan } from '../../session/useCan.ts';
import { VisitDialog } from '../visitDialog/index.ts';
import { useAlarmActions } from './useAlarmActions.ts';

interface AlarmRowActionsProps {
  alarm: AlarmRecord;
  /** 处理 opens the screen's drawer for this alarm. */
  onHandle(alarm: AlarmRecord): void;
  /** 指派, where the screen offers it. */
  onAssign?(alarm: AlarmRecord): void;
}

/**
 * One alarm's buttons: 确认 while nobody has, 处理 until handled, 指派 while open, 安排上门 (an
 * emergency visit to its store, linked to it) for those who plan visits; none for a role that may
 * not handle alarms.
 */
export function AlarmRowActions({ alarm, onHandle, onAssign }: AlarmRowActionsProps) {
  const { t } = useTranslation(['alarms']);
  const actions = useAlarmActions();
  const [acknowledging, setAcknowledging] = useState(false);
  const [booking, setBooking] = useState(false);
  const can = useCan();
  if (alarm.state === 'handled' || !can(Permission.alarmsHandle)) return <span className="alarm-cell-minor">—</span>;

  const acknowledge = async () => {
    setAcknowledging(true);
    await actions.acknowledge([alarm]);
    setAcknowledging(false);
  };

  return (
    <span className="alarm-actions">
      {alarm.state === 'open' && (
        <Button size="mini" type="text" loading={acknowledging} onClick={() => void acknowledge()} data-testid="alarm-acknowledge">
          {t('alarms:acknowledge')}
        </Button>
      )}
      <Button size="mini" type="text" onClick={() => onHandle(alarm)} data-testid="alarm-handle">
        {t('alarms:handle')}
      </Button>
      {onAssign && (
        <Button size="mini" type="text" onClick={() => onAssign(alarm)} data-testid="alarm-assign">
          {t('alarms:assign')}
        </Button>
      )}
      {can(Permission.scheduleManage) && (
        <Button size="mini" type="text" onClick={() => setBooking(true)} data-testid="alarm-book-visit">
          {t('alarms:bookVisit')}
        </Button>
      )}
      {booking && (
        <VisitDialog
          day={chinaDay(new Date())}
          today={chinaDay(new Date())}
          preset={{ customerId: alarm.customerId, customerLabel: alarm.customerName, serviceType: ServiceType.emergency, alarmIds: [alarm.id] }}
          onClose={() => setBooking(false)}
        />
      )}
    </span>
  );
}
