import { deviceEditProblem, type DeviceEditBody, type DeviceInfo } from '@pest/shared';

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

export type EditCheck = { ok: true; body: DeviceEditBody } | { ok: false; message: string };

/**
 * The form's values as the edit call, or the shared rule's message naming the field. Every field is
 * sent, trimmed: an emptied remark or support name and a removed picture are changes to save.
 * Form widgets may hand back undefined for a cleared input, which counts as empty.
 */
export function editBody(id: number, values: Partial<DeviceEditValues>): EditCheck {
  const fields = {
    deviceName: (values.deviceName ?? '').trim(),
    technicalSupport: (values.technicalSupport ?? '').trim(),
    remark: (values.remark ?? '').trim(),
  };
  const problem = deviceEditProblem(fields);
  if (problem) return { ok: false, message: problem };
  return { ok: true, body: { id, ...fields, imageUrl: values.imageUrl ?? null } };
}
