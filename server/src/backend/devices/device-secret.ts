import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';

/** 32 random bytes as hex: the key of the HMAC a device signs its reports with (report-signature.ts). */
export const newDeviceSecret = (): string => randomBytes(32).toString('hex');

/** Gives the device a new secret; reports signed with the old one are refused from the next one on. */
export async function setDeviceSecret(tx: Queryable, deviceId: number, secret: string): Promise<void> {
  await tx.query('update devices set secret = $2 where id = $1', [deviceId, secret]);
}
