import { useEffect, useState } from 'react';
import { FieldEndpoints, type FieldCatalog, type FieldVisit } from '@pest/shared';
import { fieldCall } from '../api/fieldCall.ts';
import { useServices } from '../app/services.ts';
import type { VisitDraft } from '../store/draft.ts';
import { storeChanges } from '../store/localStore.ts';
import { ensureDraft } from './draftActions.ts';

export type VisitData =
  | { kind: 'loading' }
  | { kind: 'unavailable' }
  | { kind: 'refused'; message: string | null }
  | { kind: 'ready'; visit: FieldVisit; catalog: FieldCatalog | null; draft: VisitDraft };

const NO_CATALOG: FieldCatalog = { materials: [] };

/**
 * A visit as the phone holds it: what was kept when it was last opened at once, then the server's
 * fresh copy when it answers; both kept for the next time offline. The draft follows every change.
 */
export function useVisitData(visitId: number): VisitData {
  const services = useServices();
  const [data, setData] = useState<VisitData>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    const show = async (visit: FieldVisit, catalog: FieldCatalog | undefined) => {
      const draft = await ensureDraft(services, visit);
      if (live) setData({ kind: 'ready', visit, catalog: catalog ?? null, draft });
    };
    void (async () => {
      const [keptVisit, keptCatalog] = await Promise.all([services.db.get('visits', visitId), services.db.get('catalog', 'catalog')]);
      if (keptVisit) await show(keptVisit, keptCatalog);
      const [visit, catalog] = await Promise.all([
        fieldCall(services.fetcher, services.token, FieldEndpoints.visit, { id: visitId }),
        fieldCall(services.fetcher, services.token, FieldEndpoints.catalog),
      ]);
      if (visit.kind === 'signedOut' || catalog.kind === 'signedOut') return services.signedOut();
      if (catalog.kind === 'ok') await services.db.put('catalog', catalog.data, 'catalog');
      const freshCatalog = catalog.kind === 'ok' ? catalog.data : (keptCatalog ?? NO_CATALOG);
      if (visit.kind === 'ok') {
        await services.db.put('visits', visit.data, visitId);
        await show(visit.data, freshCatalog);
      } else if (!keptVisit && live) {
        setData(visit.kind === 'refused' ? { kind: 'refused', message: visit.message } : { kind: 'unavailable' });
      }
    })();
    return () => {
      live = false;
    };
  }, [services, visitId]);

  useEffect(() => {
    const reread = () =>
      void services.db.get('drafts', visitId).then((draft) => draft && setData((current) => (current.kind === 'ready' ? { ...current, draft } : current)));
    storeChanges.addEventListener('change', reread);
    return () => storeChanges.removeEventListener('change', reread);
  }, [services, visitId]);

  return data;
}
