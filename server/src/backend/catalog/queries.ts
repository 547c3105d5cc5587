import { DictionaryType, PestListType, type NamedItem } from '@pest/shared';
import type { Queryable } from '../db/db.ts';

export function pestsByType(db: Queryable, type: number): Promise<NamedItem[]> {
  return db.query<NamedItem>('select id, name from pests where type = $1 order by id', [type]);
}

/** Device types whose name contains `name` (any case); all of them without one. */
export function deviceTypesByName(db: Queryable, name: string | undefined): Promise<NamedItem[]> {
  return db.query<NamedItem>(
    `select id, name from device_types
     where $1::text is null or strpos(lower(name), lower($1)) > 0
     order by id`,
    [name || null],
  );
}

/** A drop-down dictionary; type 0 is the pests (console-spec section 7), which live in their own table. */
export function dictionaryEntries(db: Queryable, typeId: number): Promise<NamedItem[]> {
  if (typeId === DictionaryType.pest) return pestsByType(db, PestListType.pest);
  return db.query<NamedItem>('select id, name from dictionary where type_id = $1 order by id', [typeId]);
}
