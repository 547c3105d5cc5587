import { DeviceEditLimits } from '../contract/devices.ts';

export interface DeviceEditFields {
  deviceName: string;
  technicalSupport?: string;
  remark?: string;
}

/** The edit form's field names as the messages name them. */
const FIELD_LABELS = { deviceName: '设备名称', technicalSupport: '技术支持', remark: '备注' } as const;

export type DeviceEditField = keyof typeof DeviceEditLimits;

/**
 * What is wrong with one field of the edit, as one Chinese sentence naming it, or null. Text is
 * trimmed first: a name of spaces is no name. The console's form shows it under the field.
 */
export function deviceEditFieldProblem(field: DeviceEditField, value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (field === 'deviceName' && text.length === 0) return `${FIELD_LABELS.deviceName}不能为空`;
  if (text.length > DeviceEditLimits[field]) return tooLong(field);
  return null;
}

/**
 * What is wrong with an edit of a device's own fields (the first field's problem, in the form's
 * order), or null when it may be saved. The console checks its form with the same field rule and
 * the server refuses the same edits.
 */
export function deviceEditProblem(fields: DeviceEditFields): string | null {
  for (const field of ['deviceName', 'technicalSupport', 'remark'] as const) {
    const problem = deviceEditFieldProblem(field, fields[field]);
    if (problem) return problem;
  }
  return null;
}

function tooLong(field: DeviceEditField): string {
  return `${FIELD_LABELS[field]}不能超过${DeviceEditLimits[field]}个字符`;
}
