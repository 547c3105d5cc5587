import { describe, expect, it } from 'vitest';
import { RISK_STATUS_LABELS } from '@pest/shared';
import { RISK_STATUS_OPTIONS, isRiskStatus, riskStatusColor } from './riskStatus.ts';

describe('risk status', () => {
  it('offers exactly the labelled statuses, in order', () => {
    expect(RISK_STATUS_OPTIONS).toEqual([1, 2, 8]);
    expect(RISK_STATUS_OPTIONS.map(String)).toEqual(Object.keys(RISK_STATUS_LABELS));
  });

  it('colours each status apart: red while the risk exists, orange when parked, green when rectified', () => {
    expect(RISK_STATUS_OPTIONS.map(riskStatusColor)).toEqual(['red', 'orange', 'green']);
  });

  it('gives an unknown status a neutral colour', () => {
    expect(riskStatusColor(5)).toBe('gray');
    expect(isRiskStatus(5)).toBe(false);
    expect(isRiskStatus('1')).toBe(false);
  });
});
