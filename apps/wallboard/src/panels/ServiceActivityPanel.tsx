import type { ServiceActivity } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { Panel } from './Panel.tsx';

/** The service day's job orders and the week's busiest stores; says which day when it is not today. */
export function ServiceActivityPanel({ activity }: { activity: ServiceActivity | null }) {
  const { t } = useTranslation();
  const title = activity?.day && !activity.isToday ? t('activity.titleOnDay', { day: activity.day }) : t('activity.title');
  const top = activity?.topStores[0]?.count ?? 0;
  return (
    <Panel title={title} className="activity" empty={!activity}>
      {activity && (
        <div className="activity-body" data-testid="service-activity">
          <div className="activity-counts">
            <div className="activity-count tone-progress">
              <b data-testid="activity-in-progress">{activity.inProgress}</b>
              <span>{t('activity.inProgress')}</span>
            </div>
            <div className="activity-count tone-done">
              <b>{activity.doneToday}</b>
              <span>{t('activity.done')}</span>
            </div>
            <div className="activity-count tone-planned">
              <b>{activity.plannedToday}</b>
              <span>{t('activity.planned')}</span>
            </div>
          </div>
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
