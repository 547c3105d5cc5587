import { deviceEditFieldProblem, type DeviceEditBody, type DeviceEditField, type DeviceInfo } from '@pest/shared';
import type { EditedRecord } from '../../api/editedRecord.ts';

/** The edit form's values. */
export interface DeviceEditValues {
  deviceName: string;
  technicalSupport: string;
  remark: string;
  imageUrl: string | null;
}

export function editValuesOf(device: DeviceInfo): DeviceEditValues {
  return {
    deviceName: device.deviceName,
    technicalSupport: device.technicalSupport,
    remark: device.remark ?? '',
    imageUrl: device.imageUrl,
  };
}

/**
 * A field's rule for the form, from the shared rule the server applies too: its message shows under
 * the field, and the form is not submitted while one shows.
 */
export function fieldRule(field: DeviceEditField) {
  return { validator: (value: string | undefined, callback: (error?: string) => void) => callback(deviceEditFieldProblem(field, value) ?? undefined) };
}

/**
 * The form's values, checked by the field rules, as the edit call. Every field is sent, trimmed: an
 * emptied remark or support name and a removed picture are changes to save. Form widgets may hand
 * back undefined for a cleared input, which counts as empty.
 */
export function editBody(device: EditedRecord, values: Partial<DeviceEditValues>): DeviceEditBody {
  return {
    id: device.id,
    version: device.version,
    deviceName: (values.deviceName ?? '').trim(),
    technicalSupport: (values.technicalSupport ?? '').trim(),
    remark: (values.remark ?? '').trim(),
    imageUrl: values.imageUrl ?? null,
  };
}
