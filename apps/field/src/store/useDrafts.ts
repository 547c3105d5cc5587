import { useEffect, useState } from 'react';
import { useServices } from '../app/services.ts';
import type { VisitDraft } from './draft.ts';
import { storeChanges } from './localStore.ts';

/** Every visit's draft on the phone, read again whenever one changes or a call goes out. */
export function useDrafts(): VisitDraft[] {
  const { db } = useServices();
  const [drafts, setDrafts] = useState<VisitDraft[]>([]);
  useEffect(() => {
    let live = true;
    const read = () => void db.getAll('drafts').then((all) => live && setDrafts(all));
    read();
    storeChanges.addEventListener('change', read);
    return () => {
      live = false;
      storeChanges.removeEventListener('change', read);
    };
  }, [db]);
  return drafts;
}
