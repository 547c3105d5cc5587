import { DeviceEditLimits } from '../contract/devices.ts';

export interface DeviceEditFields {
  deviceName: string;
  technicalSupport?: string;
  remark?: string;
}

/** The edit form's field names as the messages name them. */
const FIELD_LABELS = { deviceName: '设备名称', technicalSupport: '技术支持', remark: '备注' } as const;

/**
 * What is wrong with an edit of a device's own fields, as one Chinese sentence naming the field,
 * or null when it may be saved. Names are trimmed first: a name of spaces is no name. The console
 * checks its form with it and the server refuses the same edits.
 */
export function deviceEditProblem(fields: DeviceEditFields): string | null {
  const name = fields.deviceName.trim();
  if (name.length === 0) return `${FIELD_LABELS.deviceName}不能为空`;
  if (name.length > DeviceEditLimits.deviceName) return tooLong('deviceName');
  if (fields.technicalSupport !== undefined && fields.technicalSupport.trim().length > DeviceEditLimits.technicalSupport) {
    return tooLong('technicalSupport');
  }
  if (fields.remark !== undefined && fields.remark.trim().length > DeviceEditLimits.remark) return tooLong('remark');
  return null;
}

function tooLong(field: keyof typeof DeviceEditLimits): string {
  return `${FIELD_LABELS[field]}不能超过${DeviceEditLimits[field]}个字符`;
}
