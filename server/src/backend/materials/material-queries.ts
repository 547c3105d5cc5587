import type { MaterialKind, MaterialListBody } from '@pest/shared';
import { sqlMaterialExpired } from '../common/material-usable.ts';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';

/** A material as kept: its safety data sheet as a stored path, not yet a viewer's link. */
export interface StoredMaterial {
  id: number;
  version: number;
  name: string;
  type: MaterialKind;
  registrationNo: string | null;
  registrationValidUntil: string | null;
  expired: boolean;
  activeIngredient: string | null;
  concentration: string | null;
  manufacturer: string | null;
  unit: string;
  sdsPath: string | null;
  disabled: boolean;
}


const columns = `m.id, m.version, m.name, m.kind as type, m.registration_no as "registrationNo",
  to_char(m.registration_valid_until, 'YYYY-MM-DD') as "registrationValidUntil", ${sqlMaterialExpired('m')} as expired,
  m.active_ingredient as "activeIngredient", m.concentration, m.manufacturer, m.unit, m.sds_path as "sdsPath", m.disabled_at is not null as disabled`;

export async function findMaterial(db: Queryable, id: number): Promise<StoredMaterial | null> {
  const [row] = await db.query<StoredMaterial>(`select ${columns} from materials m where m.id = $1`, [id]);
  return row ?? null;
}

/** A page of the catalogue by name. */
export async function listMaterials(db: Queryable, body: MaterialListBody): Promise<{ total: number; records: StoredMaterial[] }> {
  const params = new SqlParams();
  const conditions = ['true'];
  if (!body.withDisabled) conditions.push('m.disabled_at is null');
  if (body.types?.length) conditions.push(`m.kind = any(${params.add(body.types)}::text[])`);
  const keyword = body.keyword?.trim();
  if (keyword) {
    const like = params.add(`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conditions.push(`(m.name ilike ${like} or m.registration_no ilike ${like} or m.active_ingredient ilike ${like} or m.manufacturer ilike ${like})`);
  }
  const where = conditions.join(' and ');
  const [{ total }] = (await db.query<{ total: number }>(`select count(*)::int as total from materials m where ${where}`, params.values)) as [{ total: number }];
  const records = await db.query<StoredMaterial>(
    `select ${columns} from materials m where ${where} order by m.name, m.id limit ${params.add(body.size)} offset ${params.add((body.current - 1) * body.size)}`,
    params.values,
  );
  return { total, records };
}
