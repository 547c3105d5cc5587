import { useEffect, useState } from 'react';
import { chinaDay, FieldEndpoints, type FieldVisitSummary } from '@pest/shared';
import { fieldCall } from '../api/fieldCall.ts';
import { useServices, type FieldServices } from '../app/services.ts';

export type TasksState =
  | { kind: 'loading' }
  | { kind: 'ready'; today: string; visits: FieldVisitSummary[]; fromPhone: boolean }
  | { kind: 'unavailable'; today: string };

/**
 * Today's visits and the catalog kept on the phone while there is network, so a visit not opened
 * before can still be worked on in a basement. A visit the phone already has a draft of is kept as
 * it was opened (useVisitData refreshes it then).
 */
async function keepTodaysVisits(services: FieldServices, visits: readonly FieldVisitSummary[], today: string): Promise<void> {
  const catalog = await fieldCall(services.fetcher, services.token, FieldEndpoints.catalog);
  if (catalog.kind === 'ok') await services.db.put('catalog', catalog.data, 'catalog');
  for (const summary of visits.filter((visit) => visit.plannedDate <= today)) {
    if (await services.db.get('visits', summary.id)) continue;
    const visit = await fieldCall(services.fetcher, services.token, FieldEndpoints.visit, { id: summary.id });
    if (visit.kind === 'ok') await services.db.put('visits', visit.data, summary.id);
  }
}

/** 今日任务 from the server, kept on the phone; offline, the list as last fetched. */
export function useTasks(): TasksState {
  const services = useServices();
  const [state, setState] = useState<TasksState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    const today = chinaDay(new Date());
    void (async () => {
      const result = await fieldCall(services.fetcher, services.token, FieldEndpoints.visits, { date: today });
      if (result.kind === 'ok') {
        await services.db.put('lists', result.data, today);
        if (live) setState({ kind: 'ready', today, visits: result.data, fromPhone: false });
        await keepTodaysVisits(services, result.data, today);
        return;
      }
      if (result.kind === 'signedOut') return services.signedOut();
      const kept = await services.db.get('lists', today);
      if (live) setState(kept ? { kind: 'ready', today, visits: kept, fromPhone: true } : { kind: 'unavailable', today });
    })();
    return () => {
      live = false;
    };
  }, [services]);
  return state;
}
