import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeviceMessages, DeviceReportHeaders, UplinkEndpoints } from '@pest/shared';
import { auditedSave } from '../../common/audit-log.ts';
import { newDeviceSecret } from '../device-secret.ts';
import { auditedRegistration } from '../registration-routes.ts';
import { claimDevice } from './claim-device.ts';
import { ingestUplink, type UplinkPipeline } from './ingest-uplink.ts';
import type { Db } from '../../db/db.ts';
import { endpointRoute } from '../../endpoint-route.ts';
import { ApiError, ok } from '../../envelope.ts';
import { requestScope } from '../../scope.ts';
import { findDevice } from '../device-queries.ts';
import { refuseCustomerStaff } from '../models/model-writes.ts';
import { deviceUplinks, unclaimedDevices } from './uplink-queries.ts';

/** A device's 原始数据 (within the caller's scope) and the provider's inbox of unclaimed devices. */
export const uplinkRoutes: FastifyPluginAsyncTypebox<{ db: Db; pipeline: UplinkPipeline }> = async (app, { db, pipeline }) => {
  endpointRoute(app, UplinkEndpoints.uplinks, async (request) => {
    const { id, current, size } = request.body;
    if (!(await findDevice(db, requestScope(request), id))) throw new ApiError(404, DeviceMessages.deviceNotFound);
    return ok(await deviceUplinks(db, id, (current - 1) * size, size));
  });
  endpointRoute(app, UplinkEndpoints.unclaimedList, async (request) => {
    refuseCustomerStaff(requestScope(request));
    const { current, size } = request.body;
    return ok(await unclaimedDevices(db, (current - 1) * size, size));
  });

  endpointRoute(app, UplinkEndpoints.claim, async (request) => {
    const scope = requestScope(request);
    refuseCustomerStaff(scope);
    const secret = newDeviceSecret();
    let claimed: Awaited<ReturnType<typeof claimDevice>> | undefined;
    const saved = await auditedSave(
      db,
      request,
      auditedRegistration(),
      undefined,
      async (tx) => {
        claimed = await claimDevice(tx, scope, request.body, secret);
        return claimed.id;
      },
      ['secret'],
    );
    // Its last uplink, as if it came now that the device is known: its first reading (or nothing, if too old).
    await ingestUplink(pipeline, claimed!.lastUplink, claimed!.integrationId).catch((error: unknown) => request.log.warn({ err: error }, 'claimed device: last uplink not recorded'));
    return ok({ id: saved.id, secret, deviceNo: claimed!.deviceNo, headers: { deviceNo: DeviceReportHeaders.deviceNo, signature: DeviceReportHeaders.signature } });
  });
};
