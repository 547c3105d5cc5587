import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AlarmStatisticsBody } from '@pest/shared';
import { alarmQueries } from '../../api/alarmQueries.ts';
import { duration } from '../../widgets/alarms/alarmAge.ts';

/**
 * What a service manager asks of the alarms: how many wait, how fast they are seen and dealt with, and the longest wait;
 * of the alarms the tabs list (the same filters), with the period printed when there is one.
 */
export function AlarmStatisticsBar({ body }: { body: AlarmStatisticsBody }) {
  const { t } = useTranslation(['alarms']);
  const statistics = useQuery(alarmQueries.statistics(body)).data;

  const length = (seconds: number | null | undefined) => {
    if (seconds === null || seconds === undefined) return '—';
    const shown = duration(seconds);
    return shown.unit === 'lessThanMinute' ? t('alarms:duration.lessThanMinute') : t(`alarms:duration.${shown.unit}`, { count: shown.count });
  };
  const open = statistics ? statistics.openBySeverity.critical + statistics.openBySeverity.major + statistics.openBySeverity.minor : undefined;
  const items = [
    { key: 'unacknowledged', label: t('alarms:stats.unacknowledged'), value: open ?? '—' },
    { key: 'acknowledged', label: t('alarms:stats.acknowledged'), value: statistics?.acknowledged ?? '—' },
    { key: 'handled', label: t('alarms:stats.handled'), value: statistics?.handled ?? '—' },
    {
      key: 'timeToAcknowledge',
      label: t('alarms:stats.timeToAcknowledge'),
      value: `${length(statistics?.timeToAcknowledge.median)} / ${length(statistics?.timeToAcknowledge.p90)}`,
    },
    { key: 'timeToHandle', label: t('alarms:stats.timeToHandle'), value: `${length(statistics?.timeToHandle.median)} / ${length(statistics?.timeToHandle.p90)}` },
    { key: 'oldestOpen', label: t('alarms:stats.oldestOpen'), value: length(statistics?.oldestOpenSeconds) },
  ];

  return (
    <div className="alarm-stats" data-testid="alarm-statistics">
      <div className="alarm-cell-minor" data-testid="alarm-statistics-period">
        {body.startDate && body.endDate ? t('alarms:stats.title', { start: body.startDate, end: body.endDate }) : t('alarms:stats.titleAll')}
      </div>
      <dl className="alarm-stats-items">
        {items.map((item) => (
          <div key={item.key} className="alarm-stats-item" data-testid={`alarm-stat-${item.key}`}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
