import { useTranslation } from 'react-i18next';
import type { Visit } from '@pest/shared';
import { isMovable } from '../../widgets/visitDialog/index.ts';
import type { CalendarDay } from './visitCalendar.ts';

interface VisitCalendarProps {
  weeks: CalendarDay[][];
  /** One week: its days show every visit with its plan and state, not a month's short chips. */
  tall?: boolean;
  visits: Map<string, Visit[]>;
  /** The day today is (yyyy-MM-dd, Beijing): earlier days take no new visit. */
  today: string;
  canManage: boolean;
  onOpen(visit: Visit): void;
  onAdd(day: string): void;
  onMove(visit: Visit, day: string): void;
}

/** A month (or a week) of visits: a cell a day, a chip a visit (time, store, technician); a planned visit is dragged to another day. */
export function VisitCalendar({ weeks, tall = false, visits, today, canManage, onOpen, onAdd, onMove }: VisitCalendarProps) {
  const { t } = useTranslation(['visits']);
  const weekdays = t('visits:weekdays', { returnObjects: true }) as string[];
  const byId = new Map([...visits.values()].flat().map((visit) => [visit.id, visit]));
  return (
    <div className={`visit-calendar${tall ? ' is-week' : ''}`} role="grid" data-testid="visit-calendar">
      <div className="visit-calendar-row" role="row">
        {weekdays.map((name) => (
          <div key={name} className="visit-calendar-weekday" role="columnheader">
            {name}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0]!.date} className="visit-calendar-row" role="row">
          {week.map((day) => (
            <div
              key={day.date}
              role="gridcell"
              className={`visit-calendar-day${day.inMonth ? '' : ' is-outside'}${day.date === today ? ' is-today' : ''}`}
              data-testid={`visit-day-${day.date}`}
              onDragOver={(event) => canManage && day.date >= today && event.preventDefault()}
              onDrop={(event) => {
                const visit = byId.get(Number(event.dataTransfer.getData('text/plain')));
                if (visit && visit.plannedDate !== day.date) onMove(visit, day.date);
              }}
            >
              <div className="visit-calendar-date">
                <span>{tall ? day.date.slice(5) : Number(day.date.slice(8))}</span>
                {canManage && day.date >= today && (
                  <button type="button" className="visit-calendar-add" aria-label={`${t('visits:add')} ${day.date}`} onClick={() => onAdd(day.date)} data-testid={`visit-add-${day.date}`}>
                    +
                  </button>
                )}
              </div>
              {(visits.get(day.date) ?? []).map((visit) => (
                <button
                  key={visit.id}
                  type="button"
                  className={`visit-chip is-${visit.state}`}
                  draggable={canManage && isMovable(visit)}
                  onDragStart={(event) => event.dataTransfer.setData('text/plain', String(visit.id))}
                  onClick={() => onOpen(visit)}
                  title={`${visit.timeWindow} ${visit.customerName} · ${visit.technicianName} · ${t(`visits:states.${visit.state}`)}`}
                  data-testid="visit-chip"
                  data-visit-id={visit.id}
                >
                  <span className="visit-chip-time">{tall ? visit.timeWindow : visit.timeWindow.slice(0, 5)}</span> {visit.customerName} · {visit.technicianName}
                  {tall && <span className="visit-chip-detail">{`${visit.planName} · ${t(`visits:states.${visit.state}`)}`}</span>}
                </button>
              ))}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
