import { Checkbox, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { ALARM_SEVERITIES } from '@pest/shared';
import type { ToastPreferences } from '../../live/alarmToastPolicy.ts';
import { withSeverity } from '../../live/alarmToastPreferences.ts';

interface AlarmBellPreferencesProps {
  preferences: ToastPreferences;
  onChange(next: ToastPreferences): void;
}

/** The bell's footer: which severities pop up, and a switch that silences them all. */
export function AlarmBellPreferences({ preferences, onChange }: AlarmBellPreferencesProps) {
  const { t } = useTranslation();
  return (
    <div className="alarm-bell-preferences" data-testid="alarm-toast-preferences">
      <div className="alarm-bell-preferences-row">
        <span className="alarm-bell-preferences-label">{t('live:toastSeverities')}</span>
        {ALARM_SEVERITIES.map((severity) => (
          <Checkbox
            key={severity}
            checked={preferences.severities.includes(severity)}
            disabled={preferences.muted}
            onChange={(checked) => onChange(withSeverity(preferences, severity, checked))}
            data-testid={`alarm-toast-severity-${severity}`}
          >
            <span className={`alarm-severity alarm-severity-${severity}`}>{t(`live:alarmSeverity.${severity}`)}</span>
          </Checkbox>
        ))}
      </div>
      <div className="alarm-bell-preferences-row">
        <span className="alarm-bell-preferences-label">{t('live:muteToasts')}</span>
        <Switch
          size="small"
          checked={preferences.muted}
          onChange={(muted) => onChange({ ...preferences, muted })}
          data-testid="alarm-toast-mute"
          aria-label={t('live:muteToasts')}
        />
      </div>
    </div>
  );
}
