import { describe, expect, it } from 'vitest';
import { RiskSummaryRow } from '@pest/shared';
import { RISK_SUMMARY_COLUMNS, isMissing, riskColumnWidth } from './riskSummaryColumns.ts';

describe('RISK_SUMMARY_COLUMNS', () => {
  it('shows every field of the contract’s row once, the id and the overdue flag (shown with the age) aside', () => {
    const fields = RISK_SUMMARY_COLUMNS.map((column) => column.field);
    expect(new Set(fields).size).toBe(fields.length);
    expect([...fields].sort()).toEqual(Object.keys(RiskSummaryRow.properties).filter((key) => key !== 'id' && key !== 'overdue').sort());
  });

  it('ends with the before and after photo buttons', () => {
    expect(RISK_SUMMARY_COLUMNS.filter((column) => column.kind === 'photos').map((column) => column.field)).toEqual([
      'picturesList',
      'rectifyPicturesList',
    ]);
    expect(RISK_SUMMARY_COLUMNS.slice(-2).every((column) => column.kind === 'photos')).toBe(true);
  });

  it('shows the status as a tag, pins the store on the left and the photos on the right', () => {
    expect(RISK_SUMMARY_COLUMNS.find((column) => column.field === 'status')?.kind).toBe('status');
    expect(RISK_SUMMARY_COLUMNS.filter((column) => column.fixed === 'left').map((column) => column.field)).toEqual([
      'customerCode',
      'customerName',
    ]);
    expect(RISK_SUMMARY_COLUMNS.filter((column) => column.fixed === 'right').map((column) => column.field)).toEqual([
      'picturesList',
      'rectifyPicturesList',
    ]);
  });
});

describe('riskColumnWidth', () => {
  const spec = { field: 'grade', kind: 'text', width: 100 } as const;

  it('keeps the values’ width unless the title needs more', () => {
    expect(riskColumnWidth(spec, 80)).toBe(100);
    expect(riskColumnWidth(spec, 150)).toBe(150);
  });
});

describe('isMissing', () => {
  it('treats null, undefined and empty text as missing, and zero or text as present', () => {
    expect([null, undefined, ''].every(isMissing)).toBe(true);
    expect([0, '0', '—x'].some(isMissing)).toBe(false);
  });
});
