import { REPORT_MAX_AGE_MS } from '@pest/shared';
import type { Queryable } from '../db/db.ts';

/** A signature is kept a day past the age at which its report is refused anyway. */
const KEEP_MS = REPORT_MAX_AGE_MS + 24 * 3600_000;

/**
 * Claims a report's signature for `deviceId`: false when the same signed body was already
 * accepted (a replay). Prunes the signatures no report can reuse any more.
 */
export async function claimReportSignature(db: Queryable, deviceId: number, signature: string, at: Date, now: Date): Promise<boolean> {
  await db.query('delete from device_report_signatures where at < $1', [new Date(now.getTime() - KEEP_MS).toISOString()]);
  const claimed = await db.query(
    `insert into device_report_signatures (device_id, signature, at) values ($1, $2, $3) on conflict do nothing returning device_id`,
    [deviceId, signature, at.toISOString()],
  );
  return claimed.length === 1;
}

/** Gives a claim back when its report could not be recorded, so the device may send it again. */
export async function releaseReportSignature(db: Queryable, deviceId: number, signature: string): Promise<void> {
  await db.query('delete from device_report_signatures where device_id = $1 and signature = $2', [deviceId, signature]);
}
