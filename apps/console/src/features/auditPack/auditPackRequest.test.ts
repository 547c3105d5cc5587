import { describe, expect, it } from 'vitest';
import { AUDIT_PACK_SECTIONS } from '@pest/shared';
import { createBody, OPTIONAL_SECTIONS } from './auditPackRequest.ts';

const form = { customerIds: [11, 12], startTime: '2026-07-01', endTime: '2026-09-30' };

describe('the create request', () => {
  it('offers every section of the contract but the cover, in the zip’s order', () => {
    expect(OPTIONAL_SECTIONS).toEqual(AUDIT_PACK_SECTIONS.slice(1));
  });
  it('sends the stores and the period, and no section list when every section is ticked', () => {
    expect(createBody(form, OPTIONAL_SECTIONS)).toEqual({ customerIds: [11, 12], startDate: '2026-07-01', endDate: '2026-09-30' });
  });
  it('names the sections ticked, or the cover alone when none is', () => {
    expect(createBody(form, ['serviceReports', 'trends'])?.sections).toEqual(['serviceReports', 'trends']);
    expect(createBody(form, [])?.sections).toEqual(['cover']);
  });
  it('asks for nothing without a whole period', () => {
    expect(createBody({ customerIds: [11] }, OPTIONAL_SECTIONS)).toBeNull();
    expect(createBody({ customerIds: [11], startTime: '2026-07-01' }, OPTIONAL_SECTIONS)).toBeNull();
  });
});
