import { Tag } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AlarmRecord, AlarmSeverity } from '@pest/shared';
import { PhotoCountButton } from '../photos/PhotoCountButton.tsx';
import { useNow } from './useNow.ts';
import { alarmAge } from './alarmAge.ts';

/** Arco's palette: red for a rodent in a box or a gateway down, orange for a box off or hot, blue for upkeep. */
const SEVERITY_COLOR: Record<AlarmSeverity, string> = { critical: 'red', major: 'orangered', minor: 'arcoblue' };
const STATE_COLOR: Record<AlarmRecord['state'], string> = { open: 'red', acknowledged: 'orange', handled: 'green' };

export function AlarmSeverityTag({ severity }: { severity: AlarmSeverity | null }) {
  const { t } = useTranslation();
  if (!severity) return <span>—</span>;
  return (
    <Tag color={SEVERITY_COLOR[severity]} bordered data-testid="alarm-severity" data-severity={severity}>
      {t(`live:alarmSeverity.${severity}`)}
    </Tag>
  );
}

interface AlarmStateCellProps {
  alarm: AlarmRecord;
  /** Opens the handling's photos, where the screen shows them. */
  onPhotos?(alarm: AlarmRecord): void;
}

/** Who moved the alarm to its state and when, or null while it is open. */
export function alarmStateBy(t: TFunction<['alarms', 'live']>, alarm: AlarmRecord): string | null {
  if (alarm.state === 'handled') {
    return alarm.handledBy ? t('alarms:stateBy', { name: alarm.handledBy, time: alarm.handledTime ?? '' }) : t('alarms:systemClosed');
  }
  return alarm.state === 'acknowledged' && alarm.ackBy ? t('alarms:stateBy', { name: alarm.ackBy, time: alarm.ackTime ?? '' }) : null;
}

/** The state, and who moved it there when: handled names the handler (and the note and photos), acknowledged the one who saw it. */
export function AlarmStateCell({ alarm, onPhotos }: AlarmStateCellProps) {
  const { t } = useTranslation(['alarms', 'live']);
  const who = alarmStateBy(t, alarm);
  return (
    <div className="alarm-state" data-testid="alarm-state" data-state={alarm.state}>
      <Tag color={STATE_COLOR[alarm.state]} size="small">
        {t(`live:alarmState.${alarm.state}`)}
      </Tag>
      {who && <div className="alarm-cell-minor">{who}</div>}
      {alarm.state === 'handled' && alarm.note && (
        <div className="alarm-note" data-testid="alarm-note" title={alarm.note}>
          {alarm.note}
        </div>
      )}
      {onPhotos && alarm.pictures.length > 0 && (
        <PhotoCountButton photos={alarm.pictures} label={t('alarms:photos')} onOpen={() => onPhotos(alarm)} testId="alarm-photos" />
      )}
    </div>
  );
}

/** How long ago, kept current while the screen is open. */
export function AlarmAge({ time }: { time: string }) {
  const { t } = useTranslation(['alarms', 'live']);
  const now = useNow();
  const age = alarmAge(time, now);
  return (
    <span className="alarm-age" data-testid="alarm-age">
      {age.unit === 'justNow' ? t('alarms:age.justNow') : t(`alarms:age.${age.unit}`, { count: age.count })}
    </span>
  );
}
