import { AUDIT_PACK_SECTIONS, type AuditPackCreateBody, type AuditPackSection, type FilterParams } from '@pest/shared';

/** The sections a user may leave out, in the zip's order: all but the cover, which every pack has. */
export const OPTIONAL_SECTIONS: readonly AuditPackSection[] = AUDIT_PACK_SECTIONS.filter((section) => section !== 'cover');

/**
 * The create request from the filter form's body (stores, period) and the sections ticked; null
 * without a whole period. Every section ticked sends none, which the server reads as all (and so
 * a section added later is in by default); none ticked sends the cover alone.
 */
export function createBody(params: FilterParams, sections: readonly AuditPackSection[]): AuditPackCreateBody | null {
  if (!params.startTime || !params.endTime) return null;
  const body: AuditPackCreateBody = { customerIds: [...(params.customerIds ?? [])], startDate: params.startTime, endDate: params.endTime };
  if (sections.length === OPTIONAL_SECTIONS.length) return body;
  return { ...body, sections: sections.length > 0 ? [...sections] : ['cover'] };
}
