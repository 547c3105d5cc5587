import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { inScope, type Scope } from '../scope.ts';

/** A store as the pack names it. */
export interface PackStore {
  id: number;
  code: string;
  name: string;
  address: string;
  organisationName: string;
}

/** The stores among `ids` (kind 3 only: a pack is per store), in the order asked. */
export async function packStores(db: Queryable, ids: readonly number[]): Promise<PackStore[]> {
  const params = new SqlParams();
  const rows = await db.query<PackStore>(
    `select s.id, s.code, s.name, coalesce(s.address, '') as address, o.name as "organisationName"
     from customers s join customers o on o.id = s.path[1]
     where s.id = any(${params.add(ids)}::int[]) and s.kind = 3`,
    params.values,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The stores that `ids` stand for in `scope`: a store itself, an organisation or group every store
 * below it, ordered by code; null when some id is not a customer `scope` sees.
 */
export async function storesUnder(db: Queryable, scope: Scope, ids: readonly number[]): Promise<number[] | null> {
  const params = new SqlParams();
  const asked = params.add(ids);
  const [row] = await db.query<{ visible: number; stores: number[] }>(
    `select (select count(*) from customers v where v.id = any(${asked}::int[]) and ${inScope(scope, 'v.id', params)})::int as visible,
            coalesce((select array_agg(s.id order by s.code, s.id) from customers s
                      where s.kind = 3 and s.path && ${asked}::int[] and ${inScope(scope, 's.id', params)}), '{}') as stores`,
    params.values,
  );
  return row!.visible === ids.length ? row!.stores : null;
}

/** A store's folder when a pack has several: its code and name, without characters a file system refuses. */
export const storeFolder = (store: PackStore) => `${store.code}-${store.name}`.replace(/[\\/:*?"<>|]/g, '_');
