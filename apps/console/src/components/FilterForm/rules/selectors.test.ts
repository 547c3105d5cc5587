import { describe, expect, it } from 'vitest';
import { defineFilterConfig, hasOrganisation } from '@pest/shared';
import { selectAreaPath, selectCustomerListQuery, selectDisabled } from './selectors.ts';

const full = defineFilterConfig({
  fields: ['organisation', 'plan', 'serviceRegion', 'riskType', 'deviceType', 'device', 'pests', 'dateRange'],
});
const PLAN_DEPENDENT = ['serviceRegion', 'riskType', 'deviceType', 'device'] as const;

describe('hasOrganisation', () => {
  it('counts a single customerId or a non-empty customerIds', () => {
    expect(hasOrganisation({})).toBe(false);
    expect(hasOrganisation({ customerIds: [] })).toBe(false);
    expect(hasOrganisation({ customerId: 0 })).toBe(true);
    expect(hasOrganisation({ customerIds: [7] })).toBe(true);
  });
});

describe('selectDisabled', () => {
  it('disables the service plan until an organisation is chosen', () => {
    expect(selectDisabled({}, full).plan).toBe(true);
    expect(selectDisabled({ customerId: 1 }, full).plan).toBe(false);
    expect(selectDisabled({ customerIds: [1] }, full).plan).toBe(false);
  });
  it('disables the plan region, risk type, device type and device until a plan is chosen', () => {
    const before = selectDisabled({ customerId: 1 }, full);
    const after = selectDisabled({ customerId: 1, servicePlanId: 5 }, full);
    for (const field of PLAN_DEPENDENT) {
      expect(before[field]).toBe(true);
      expect(after[field]).toBe(false);
    }
  });
  it('never disables fields that depend on nothing', () => {
    const disabled = selectDisabled({}, full);
    expect(disabled.organisation).toBe(false);
    expect(disabled.pests).toBe(false);
    expect(disabled.dateRange).toBe(false);
  });
  it('does not wait for a selector the form does not show', () => {
    const noPlan = defineFilterConfig({ fields: ['riskType', 'deviceType'] });
    expect(selectDisabled({}, noPlan).riskType).toBe(false);
    expect(selectDisabled({}, noPlan).deviceType).toBe(false);
    const noOrganisation = defineFilterConfig({ fields: ['plan', 'riskType'] });
    expect(selectDisabled({}, noOrganisation).plan).toBe(false);
    expect(selectDisabled({}, noOrganisation).riskType).toBe(true);
  });
});

describe('selectAreaPath', () => {
  it('is the chosen cascader path, province first', () => {
    expect(selectAreaPath({})).toEqual([]);
    expect(selectAreaPath({ provinceId: 110000 })).toEqual([110000]);
    expect(selectAreaPath({ provinceId: 110000, cityId: 110100, districtId: 110101 })).toEqual([
      110000, 110100, 110101,
    ]);
  });
});

describe('selectCustomerListQuery', () => {
  it('carries region, area and contacts with empty values absent', () => {
    expect(selectCustomerListQuery({ areaId: 3, contactNameList: [], provinceId: 110000, customerId: 9 })).toEqual({
      areaId: 3,
      provinceId: 110000,
    });
  });
});
