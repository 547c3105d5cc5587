import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import { DeviceAddResponse } from '../contract/device-registration.ts';
import { ClaimDeviceBody, UnclaimedListBody, UnclaimedListResponse, UplinkListBody, UplinkListResponse, UplinkPaths } from '../contract/uplinks.ts';

const tags = ['devices'];

/** What devices sent: a device's raw uplinks, and the devices heard but not registered. */
export const UplinkEndpoints = {
  uplinks: defineEndpoint({
    method: 'POST',
    path: UplinkPaths.uplinks,
    input: UplinkListBody,
    response: UplinkListResponse,
    refusals: [404],
    permission: Permission.devicesView,
    tags,
    summary: "A device's raw uplinks, newest first: source, fPort, fCnt, the payload in hex, the decoded reading or the codec's error, RSSI, SNR and gateway",
    description: "Kept 30 days (UPLINK_RETENTION_DAYS). Within the caller's scope: another customer's device is not found (404).",
  }),
  unclaimedList: defineEndpoint({
    method: 'POST',
    path: UplinkPaths.unclaimedList,
    input: UnclaimedListBody,
    response: UnclaimedListResponse,
    refusals: [403],
    permission: Permission.integrationsManage,
    tags,
    summary: '待认领设备: DevEUIs and IMEIs heard through an integration but not registered, last seen first',
  }),
  claim: defineEndpoint({
    method: 'POST',
    path: UplinkPaths.claim,
    input: ClaimDeviceBody,
    response: DeviceAddResponse,
    refusals: [403, 404],
    permission: Permission.integrationsManage,
    tags,
    summary: "Register an unclaimed device in one step (its DevEUI or IMEI from the inbox) and record its last uplink as its first reading: answers its id and secret, shown once",
    description: "新增设备's checks (number, store, point, model); the inbox entry leaves the list.",
  }),
};
