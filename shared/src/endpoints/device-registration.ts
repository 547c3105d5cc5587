import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import {
  DeviceAddBody,
  DeviceAddResponse,
  DeviceBindBody,
  DeviceChangedResponse,
  DeviceIdVersionBody,
  DeviceMoveBody,
  DeviceConnectivityBody,
  DeviceRegistrationPaths,
} from '../contract/device-registration.ts';

const tags = ['devices'];
const kept = "Within the caller's scope (a customer's manager: the stores below their organisation); with version, a change over someone else's is refused (409).";

/** Devices put in by the provider: registered, bound to points, moved, retired. */
export const DeviceRegistrationEndpoints = {
  add: defineEndpoint({
    method: 'POST',
    path: DeviceRegistrationPaths.add,
    input: DeviceAddBody,
    response: DeviceAddResponse,
    refusals: [404],
    permission: Permission.devicesManage,
    tags,
    summary: 'Register a device at a store (and a free point of its type): answers its id and its secret, shown this once, with the headers its reports carry',
    description: `deviceNo 1–32 letters, digits, - or _, unique (设备编号已存在); imei and imsi 15 digits, iccid 19–20; the device is offline until its first report. ${kept}`,
  }),
  bind: defineEndpoint({
    method: 'POST',
    path: DeviceRegistrationPaths.bind,
    input: DeviceBindBody,
    response: DeviceChangedResponse,
    refusals: [404, 409],
    permission: Permission.devicesManage,
    tags,
    summary: "Place a device at a free point of its store's plans, of its type (leaving the point it was at)",
    description: kept,
  }),
  unbind: defineEndpoint({
    method: 'POST',
    path: DeviceRegistrationPaths.unbind,
    input: DeviceIdVersionBody,
    response: DeviceChangedResponse,
    refusals: [404, 409],
    permission: Permission.devicesManage,
    tags,
    summary: 'Take a device off its point; it stays registered at its store',
    description: kept,
  }),
  move: defineEndpoint({
    method: 'POST',
    path: DeviceRegistrationPaths.move,
    input: DeviceMoveBody,
    response: DeviceChangedResponse,
    refusals: [404, 409],
    permission: Permission.devicesManage,
    tags,
    summary: 'Move a device to another store (off its point); what happened at the old store stays there',
    description: kept,
  }),
  connectivity: defineEndpoint({
    method: 'POST',
    path: DeviceRegistrationPaths.connectivity,
    input: DeviceConnectivityBody,
    response: DeviceChangedResponse,
    refusals: [404, 409],
    permission: Permission.devicesManage,
    tags,
    summary: "Set a registered device's DevEUI (how network servers name it) and its model (codec, report interval), or clear them",
    description: `A DevEUI in use by another device is refused; choosing another model needs ${Permission.integrationsManage}. ${kept}`,
  }),
  retire: defineEndpoint({
    method: 'POST',
    path: DeviceRegistrationPaths.retire,
    input: DeviceIdVersionBody,
    response: DeviceChangedResponse,
    refusals: [404, 409],
    permission: Permission.devicesManage,
    tags,
    summary: 'Retire a device: off its point and out of the lists, its reports refused; its history stays',
    description: kept,
  }),
};
