import { describe, expect, it } from 'vitest';
import { defineFilterConfig } from './config.ts';

describe('defineFilterConfig', () => {
  it('makes behaviours opt-in and modes single by default', () => {
    expect(defineFilterConfig({ fields: ['organisation', 'plan'] })).toEqual({
      fields: new Set(['organisation', 'plan']),
      organisationMode: 'single',
      areaMode: 'single',
      requireOrganisation: false,
      defaultTimeType: false,
      loadPlansOnCustomer: false,
      loadRegionsOnPlan: false,
    });
  });
  it('keeps what the screen asks for', () => {
    const config = defineFilterConfig({
      fields: ['organisation'],
      organisationMode: 'multiple',
      requireOrganisation: true,
    });
    expect(config.organisationMode).toBe('multiple');
    expect(config.requireOrganisation).toBe(true);
  });
  it('refuses to require an organisation the form cannot choose', () => {
    expect(() => defineFilterConfig({ fields: ['plan'], requireOrganisation: true })).toThrow(/organisation field/);
  });
  it('refuses to load plans for a multi-select organisation', () => {
    expect(() =>
      defineFilterConfig({ fields: ['organisation', 'plan'], organisationMode: 'multiple', loadPlansOnCustomer: true }),
    ).toThrow(/organisationMode single/);
  });
});
