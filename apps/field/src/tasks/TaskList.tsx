import { useTranslation } from 'react-i18next';
import { useLabels } from '../i18n/labels.ts';
import type { FieldVisitSummary } from '@pest/shared';
import { go } from '../app/route.ts';
import { shownState, unsentCount, type VisitDraft } from '../store/draft.ts';
import { useTasks } from './useTasks.ts';
import { PinIcon } from '../ui/PinIcon.tsx';
import { mapLink, visitDays } from './visitDays.ts';

function VisitCard({ visit, draft }: { visit: FieldVisitSummary; draft: VisitDraft | undefined }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const unsent = draft ? unsentCount(draft) : 0;
  const state = shownState(draft, visit.state);
  return (
    <li className={`card visit-card state-${state}`} data-testid="visit-card" data-visit-id={visit.id}>
      <button type="button" className="card-open" onClick={() => go({ screen: 'visit', visitId: visit.id })}>
        <span className="card-title">{visit.name}</span>
        <span className="card-line">
          <span className="tag">{labels.serviceType[visit.serviceType]}</span>
          <span className={`tag state-${state}`}>{labels.state[state]}</span>
          <span>{visit.timeWindow}</span>
        </span>
        <span className="card-line muted">
          {visit.customerName} · {t('tasks.points', { count: visit.pointCount })}
          {visit.alarmCount > 0 && <> · {t('tasks.alarms', { count: visit.alarmCount })}</>}
        </span>
        {unsent > 0 && <span className="unsent-mark">{t('sync.unsent', { count: unsent })}</span>}
        {draft?.blocked && <span className="error">{t('sync.refused')}</span>}
      </button>
      {visit.address && (
        <a className="card-map" href={mapLink(visit.address)} target="_blank" rel="noreferrer">
          <PinIcon /> {visit.address} <span className="map-link">{t('tasks.map')}</span>
        </a>
      )}
    </li>
  );
}

/** 今日任务: today's visits in order, the next days under their dates. */
export function TaskList({ drafts }: { drafts: readonly VisitDraft[] }) {
  const { t } = useTranslation();
  const tasks = useTasks();
  if (tasks.kind === 'loading') return <p className="screen muted">…</p>;
  if (tasks.kind === 'unavailable') return <p className="screen banner warn">{t('tasks.unavailable')}</p>;
  const byVisit = new Map(drafts.map((draft) => [draft.visitId, draft]));
  return (
    <div className="screen" data-testid="task-list">
      {tasks.fromPhone && <p className="banner warn">{t('tasks.cached')}</p>}
      {visitDays(tasks.visits, tasks.today).map((day) => (
        <section key={day.date} className="day">
          <h2>{day.date === tasks.today ? `${t('tasks.today')} ${day.date}` : day.date}</h2>
          {day.visits.length === 0 ? (
            <p className="muted">{t('tasks.none')}</p>
          ) : (
            <ul className="cards">
              {day.visits.map((visit) => (
                <VisitCard key={visit.id} visit={visit} draft={byVisit.get(visit.id)} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
