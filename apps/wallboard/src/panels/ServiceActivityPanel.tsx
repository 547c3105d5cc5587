import type { ServiceActivity } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { Panel } from './Panel.tsx';

/**
 * The service day's job orders by state and the week's busiest stores. Today is 今日服务 with its
 * date beside the title; an earlier day (nothing today yet) is named in the title instead.
 */
export function ServiceActivityPanel({ activity }: { activity: ServiceActivity | null }) {
  const { t } = useTranslation();
  const title = activity?.day && !activity.isToday ? t('activity.titleOnDay', { day: activity.day }) : t('activity.title');
  const date = activity?.day && activity.isToday ? (
    <span className="activity-day" data-testid="activity-day">
      {activity.day}
    </span>
  ) : null;
  const top = activity?.topStores[0]?.count ?? 0;
  const counts = activity
    ? [
        { key: 'in-progress', value: activity.inProgress, label: t('activity.inProgress') },
        { key: 'done', value: activity.doneToday, label: t('activity.done') },
        { key: 'upcoming', value: activity.upcoming, label: t('activity.upcoming') },
      ]
    : [];
  return (
    <Panel title={title} extra={date} className="activity" empty={!activity}>
      {activity && (
        <div className="activity-body" data-testid="service-activity" data-day={activity.day ?? ''} data-today={activity.isToday}>
          <div className="activity-counts">
            {counts.map(({ key, value, label }) => (
              <div key={key} className={`activity-count tone-${key}`}>
                <b className="figure" data-testid={`activity-${key}`}>{value}</b>
                <span>{label}</span>
              </div>
            ))}
          </div>
          {/* Only when there is something to chase: a zero would be one more number to read. */}
          {activity.overdue > 0 && (
            <div className="activity-overdue" data-testid="activity-overdue">
              {t('activity.overdue', { count: activity.overdue })}
            </div>
          )}
          <div className="activity-top-title">
            {t('activity.topStores')}
            {activity.weekStart && activity.day && <small>{t('activity.weekRange', { from: activity.weekStart.slice(5), to: activity.day.slice(5) })}</small>}
          </div>
          {activity.topStores.length === 0 ? (
            <div className="activity-none">{t('activity.none')}</div>
          ) : (
            <ol className="activity-top">
              {activity.topStores.map((store) => (
                <li key={store.customerId}>
                  <span className="store-name">{store.storeName}</span>
                  <span className="store-bar">
                    <i style={{ width: `${top > 0 ? (store.count / top) * 100 : 0}%` }} />
                  </span>
                  <span className="store-count">{t('activity.visits', { count: store.count })}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </Panel>
  );
}
