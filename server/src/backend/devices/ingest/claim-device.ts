import { IngestMessages, type ClaimDeviceBody, type DeviceAddBody } from '@pest/shared';
import type { Queryable } from '../../db/db.ts';
import { ApiError } from '../../envelope.ts';
import type { Scope } from '../../scope.ts';
import { addDevice } from '../device-registration.ts';
import type { Uplink } from './uplink.ts';

interface KeptUplink extends Omit<Uplink, 'payload' | 'at'> {
  payload?: string;
  at: string;
}

/**
 * Registers the device an unclaimed entry stands for, with its DevEUI or IMEI, and takes the entry
 * out of the inbox; answers the new device and the entry's last uplink, which the caller records
 * once this transaction has committed (recordReport has its own).
 */
export async function claimDevice(tx: Queryable, scope: Scope, body: ClaimDeviceBody, secret: string): Promise<{ id: number; deviceNo: string; lastUplink: Uplink; integrationId: number | null }> {
  const [entry] = await tx.query<{ identifier: string; lastUplink: KeptUplink; integrationId: number | null }>(
    `select identifier, last_uplink as "lastUplink", integration_id as "integrationId" from unclaimed_devices
     where id = $1 and claimed_device_id is null for update`,
    [body.unclaimedId],
  );
  if (!entry) throw new ApiError(404, IngestMessages.unclaimedNotFound);
  const { unclaimedId: _unclaimedId, ...fields } = body;
  const [kind, value] = [entry.identifier.slice(0, entry.identifier.indexOf(':')), entry.identifier.slice(entry.identifier.indexOf(':') + 1)];
  const add: DeviceAddBody = { ...fields, ...(kind === 'devEui' ? { devEui: value } : { imei: value }) };
  const device = await addDevice(tx, scope, add, secret);
  await tx.query('update unclaimed_devices set claimed_device_id = $2, claimed_at = now() where id = $1', [body.unclaimedId, device.id]);
  const { payload, at, ...rest } = entry.lastUplink;
  return { ...device, integrationId: entry.integrationId, lastUplink: { ...rest, payload: payload ? Buffer.from(payload, 'base64') : undefined, at: new Date(at) } };
}
