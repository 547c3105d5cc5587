import {
  DevicePaths,
  type AlarmRecord,
  type AlarmRecordListBody,
  type AlarmTrend,
  type AlarmTrendBody,
  type DeviceEditBody,
  type DeviceInfo,
  type DeviceListBody,
  type DevicePlacement,
  type DeviceRow,
  type Page,
} from '@pest/shared';
import { http, request, underApi, type RequestOptions } from './http.ts';

/** Device calls (console-spec section 7, "Devices"). */

export type DevicePage = Page<DeviceRow>;
export type AlarmRecordPage = Page<AlarmRecord>;

/** Parts of a page that show their own spinner keep the page-wide overlay away. */
const OWN_SPINNER: RequestOptions = { skipLoading: true };

export const fetchDevices = (body: DeviceListBody, signal?: AbortSignal) =>
  http.post<DevicePage>(underApi(DevicePaths.list), body, { ...OWN_SPINNER, signal });

export const fetchDevice = (id: number, signal?: AbortSignal) => http.get<DeviceInfo>(underApi(DevicePaths.get), { id }, { signal });

/**
 * Sent as JSON text so the client's filter compaction leaves it alone: in an edit, an empty remark
 * and a null image are values (they clear the field), not filters to drop.
 */
export const editDevice = (body: DeviceEditBody) =>
  request<DeviceInfo>({
    method: 'put',
    url: underApi(DevicePaths.edit),
    data: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * The device's plan layout. Quiet: a device not placed at a point answers with an error envelope,
 * and the map shows that message in its own place rather than as a toast.
 */
export const fetchDevicePlacement = (id: number, signal?: AbortSignal) =>
  http.get<DevicePlacement>(underApi(DevicePaths.detail), { id }, { ...OWN_SPINNER, quiet: true, signal });

/** The URL of the device-import template (xlsx). */
export const fetchDeviceTemplateUrl = () => http.get<string>(underApi(DevicePaths.template));

export const fetchAlarmRecords = (body: AlarmRecordListBody, signal?: AbortSignal) =>
  http.post<AlarmRecordPage>(underApi(DevicePaths.alarmList), body, { ...OWN_SPINNER, signal });

export const fetchAlarmTrend = (body: AlarmTrendBody, signal?: AbortSignal) =>
  http.post<AlarmTrend>(underApi(DevicePaths.alarmTrend), body, { ...OWN_SPINNER, signal });
