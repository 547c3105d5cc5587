import type { RiskSummaryRow } from '@pest/shared';

/**
 * Every field of a risk summary row (console-spec section 3) is a column; the id only keys the
 * row, and overdue shows in the age's column.
 */
export type RiskColumnField = Exclude<keyof RiskSummaryRow, 'id' | 'overdue'>;

/**
 * How a column's cells show: short text, long text (one line, the rest in a tooltip), the status
 * tag, the age (with 超期 when overdue), or the photo button that opens the photo dialog.
 */
export type RiskColumnKind = 'text' | 'long' | 'status' | 'photos' | 'ageing';

export interface RiskColumnSpec {
  field: RiskColumnField;
  kind: RiskColumnKind;
  /** The width the values need; a longer translated title widens it (riskColumnWidth). */
  width: number;
  /** The store (left) and the photo buttons (right) stay in view while the many risk columns scroll past. */
  fixed?: 'left' | 'right';
}

/** The risk summary's columns, in the order of the spec's row. */
export const RISK_SUMMARY_COLUMNS: readonly RiskColumnSpec[] = [
  { field: 'customerCode', kind: 'text', width: 120, fixed: 'left' },
  { field: 'customerName', kind: 'long', width: 200, fixed: 'left' },
  { field: 'customerAddress', kind: 'long', width: 220 },
  { field: 'serviceStaff', kind: 'text', width: 100 },
  { field: 'realityStartTime', kind: 'text', width: 170 },
  { field: 'realityEndTime', kind: 'text', width: 170 },
  { field: 'regionName', kind: 'long', width: 140 },
  { field: 'pointName', kind: 'long', width: 120 },
  { field: 'status', kind: 'status', width: 130 },
  { field: 'riskType', kind: 'long', width: 140 },
  { field: 'issueDesc', kind: 'long', width: 200 },
  { field: 'pestName', kind: 'text', width: 110 },
  { field: 'advice', kind: 'long', width: 220 },
  { field: 'followUpMeasure', kind: 'long', width: 200 },
  { field: 'location', kind: 'long', width: 160 },
  { field: 'followUpType', kind: 'text', width: 100 },
  { field: 'grade', kind: 'text', width: 100 },
  { field: 'ageDays', kind: 'ageing', width: 150 },
  { field: 'picturesList', kind: 'photos', width: 130, fixed: 'right' },
  { field: 'rectifyPicturesList', kind: 'photos', width: 130, fixed: 'right' },
];

/** At least what the values need, and as wide as the title on one line (`titleWidth` measures it). */
export function riskColumnWidth(spec: RiskColumnSpec, titleWidth: number): number {
  return Math.max(spec.width, titleWidth);
}

/** A value the row does not have (no end time yet, no point, no pest) shows as a dash, not as a blank cell. */
export function isMissing(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}
