import { ApiMessages } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';

/** The tables whose records editors save with the version they saw (migrations 390, 410, 420, 443, 444). */
export type VersionedTable = 'users' | 'roles' | 'provider_documents' | 'notify_channels' | 'notify_rules' | 'display_links' | 'devices' | 'customers' | 'service_plans' | 'service_regions' | 'points' | 'device_models' | 'integrations' | 'job_orders' | 'materials' | 'contracts' | 'contents';

/**
 * Locks the record an edit is about, in the edit's transaction, and refuses the edit (409) when it
 * says it saw another version than the record's: someone else saved in between. An edit that says
 * no version (a client of the original contract) is not checked. False when there is no such record.
 */
export async function lockForEdit(tx: Queryable, table: VersionedTable, id: number, seen: number | undefined): Promise<boolean> {
  const [row] = await tx.query<{ version: number }>(`select version from ${table} where id = $1 for update`, [id]);
  if (!row) return false;
  if (seen !== undefined && row.version !== seen) throw new ApiError(409, ApiMessages.editConflict);
  return true;
}
