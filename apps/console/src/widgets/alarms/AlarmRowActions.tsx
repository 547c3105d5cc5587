import { useState } from 'react';
import { Button } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Permission, type AlarmRecord } from '@pest/shared';
import { useCan } from '../../session/useCan.ts';
import { useAlarmActions } from './useAlarmActions.ts';

interface AlarmRowActionsProps {
  alarm: AlarmRecord;
  /** 处理 opens the screen's drawer for this alarm. */
  onHandle(alarm: AlarmRecord): void;
  /** 指派, where the screen offers it. */
  onAssign?(alarm: AlarmRecord): void;
}

/** One alarm's buttons: 确认 while nobody has, 处理 until handled, 指派 while open; none for a role that may not handle alarms. */
export function AlarmRowActions({ alarm, onHandle, onAssign }: AlarmRowActionsProps) {
  const { t } = useTranslation(['alarms']);
  const actions = useAlarmActions();
  const [acknowledging, setAcknowledging] = useState(false);
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
    </span>
  );
}
