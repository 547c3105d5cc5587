import { MASKED_SECRET, type AuditChange, type AuditLogListBody, type AuditObjectType } from '@pest/shared';

/** The log's filters as the form holds them; dates are China days 'YYYY-MM-DD'. */
export interface AuditFilters {
  objectType?: AuditObjectType;
  objectId?: string;
  dates?: [string, string];
}

export const AUDIT_PAGE_SIZES = [20, 50, 100] as const;
export const FIRST_AUDIT_PAGE: AuditLogListBody = { current: 1, size: AUDIT_PAGE_SIZES[0] };

/** Page 1 of what the filters ask, at the page size on screen. */
export function auditListBody(filters: AuditFilters, size: number): AuditLogListBody {
  const objectId = filters.objectId?.trim();
  return {
    current: 1,
    size,
    ...(filters.objectType ? { objectType: filters.objectType } : {}),
    ...(objectId ? { objectId } : {}),
    ...(filters.dates ? { startTime: filters.dates[0], endTime: filters.dates[1] } : {}),
  };
}

/** A value as a line of the log shows it: nothing as —, a list joined, a secret as it came (masked). */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === MASKED_SECRET) return MASKED_SECRET;
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(auditValueText).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Each changed field as "label: before → after" (a new record's fields show only what they became). */
export function changeLines(changes: Record<string, AuditChange>, label: (field: string) => string): string[] {
  return Object.entries(changes).map(([field, { before, after }]) =>
    before === null ? `${label(field)}：${auditValueText(after)}` : `${label(field)}：${auditValueText(before)} → ${auditValueText(after)}`,
  );
}
