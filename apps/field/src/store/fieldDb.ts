import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { FieldCatalog, FieldVisit, FieldVisitSummary } from '@pest/shared';
import type { OutboxItem } from '../outbox/outbox.ts';
import type { PhotoRef, VisitDraft } from './draft.ts';

/** Everything the app keeps on the phone, so a visit is worked on without network and survives a reload. */
export interface FieldDbSchema extends DBSchema {
  /** 今日任务 as last fetched, by the day asked for. */
  lists: { key: string; value: FieldVisitSummary[] };
  /** Each visit as it was when opened. */
  visits: { key: number; value: FieldVisit };
  catalog: { key: 'catalog'; value: FieldCatalog };
  drafts: { key: number; value: VisitDraft };
  outbox: { key: number; value: OutboxItem };
  /** Photos and signatures not uploaded yet (kept after, so the screens can still show them). */
  images: { key: PhotoRef; value: Blob };
  /** Which image became which URL: an image is uploaded once. */
  uploads: { key: PhotoRef; value: string };
}

export type FieldDb = IDBPDatabase<FieldDbSchema>;

export function openFieldDb(name = 'pest-field'): Promise<FieldDb> {
  return openDB<FieldDbSchema>(name, 1, {
    upgrade(db) {
      db.createObjectStore('lists');
      db.createObjectStore('visits');
      db.createObjectStore('catalog');
      db.createObjectStore('drafts', { keyPath: 'visitId' });
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore('images');
      db.createObjectStore('uploads');
    },
  });
}
