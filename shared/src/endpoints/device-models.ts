import { defineEndpoint } from '../api/endpoint.ts';
import { DeviceModelListResponse, DeviceModelPaths, DeviceModelSaveBody, TestDecodeBody, TestDecodeResponse } from '../contract/device-models.ts';
import { DeviceChangedResponse } from '../contract/device-registration.ts';
import { Permission } from '../contract/permissions.ts';

const tags = ['device models'];

/** 设备型号: the provider's device models, their codecs and the codec's trial on a pasted payload. */
export const DeviceModelEndpoints = {
  save: defineEndpoint({
    method: 'POST',
    path: DeviceModelPaths.save,
    input: DeviceModelSaveBody,
    response: DeviceChangedResponse,
    refusals: [403, 404, 409],
    permission: Permission.integrationsManage,
    tags,
    summary: "Create or change a device model: its type, expected report interval and payload codec (TS013's decodeUplink), with example payloads that must decode as expected",
    description: 'Name unique per vendor (型号名称已存在); report interval 1–1440 minutes; codec at most 65,536 characters, defining decodeUplink, run on each example; provider staff only; with version, a change over someone else\'s is refused (409).',
  }),
  list: defineEndpoint({
    method: 'POST',
    path: DeviceModelPaths.list,
    response: DeviceModelListResponse,
    refusals: [403],
    permission: Permission.integrationsManage,
    tags,
    summary: 'Every device model with its codec, examples, device count and decode failures',
  }),
  testDecode: defineEndpoint({
    method: 'POST',
    path: DeviceModelPaths.testDecode,
    input: TestDecodeBody,
    response: TestDecodeResponse,
    refusals: [403],
    permission: Permission.integrationsManage,
    tags,
    summary: 'Run a codec on a payload (base64) as an uplink would, in the same sandbox and limits: the reading, or why it failed',
  }),
};
