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

/** The stores among `ids` that `scope` sees (kind 3 only: a pack is per store), in the order asked. */
export async function packStores(db: Queryable, scope: Scope | null, ids: readonly number[]): Promise<PackStore[]> {
  const params = new SqlParams();
  const rows = await db.query<PackStore>(
    `select s.id, s.code, s.name, coalesce(s.address, '') as address, o.name as "organisationName"
     from customers s join customers o on o.id = s.path[1]
     where s.id = any(${params.add(ids)}::int[]) and s.kind = 3 and ${scope ? inScope(scope, 's.id', params) : 'true'}`,
    params.values,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A store's folder when a pack has several: its code and name, without characters a file system refuses. */
export const storeFolder = (store: PackStore) => `${store.code}-${store.name}`.replace(/[\\/:*?"<>|]/g, '_');
