import type { SqlParams } from '../../backend/db/sql-params.ts';
import { sqlDigits, sqlPickFrom } from './hash.ts';
import { GIVEN_NAMES, MOBILE_PREFIXES, SURNAMES } from './vocabulary.ts';

/** SQL for a person's name, the same for the same (label, key). */
export function sqlPersonName(params: SqlParams, label: string, key: string): string {
  const givenNames = `${params.add(GIVEN_NAMES)}::text[]`;
  return `(${sqlSurname(params, label, key)} || ${sqlPickFrom(`${label}-given`, key, givenNames)})`;
}

/** SQL for the surname alone, as in how engineers are addressed: 王工. */
export function sqlSurname(params: SqlParams, label: string, key: string): string {
  return sqlPickFrom(`${label}-surname`, key, `${params.add(SURNAMES)}::text[]`);
}

/** SQL for an eleven-digit Chinese mobile number. */
export function sqlMobile(params: SqlParams, label: string, key: string): string {
  const prefixes = `${params.add(MOBILE_PREFIXES)}::text[]`;
  return `('1' || ${sqlPickFrom(`${label}-prefix`, key, prefixes)} || ${sqlDigits(`${label}-number`, key, 8)})`;
}
