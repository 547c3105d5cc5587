import type { AuditLogListBody, AuditObjectType } from '@pest/shared';

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
