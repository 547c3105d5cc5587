import { describe, expect, it } from 'vitest';
import {
  ChartBasis,
  ChartCustomerType,
  ChartRiskBasis,
  ChartWorkType,
  TimeType,
  defineFilterConfig,
  initialFilterState,
  type FilterFormOptions,
  type FilterFormState,
} from '@pest/shared';
import type { FilterAction } from './actions.ts';
import { filterReducer } from './reducer.ts';

const storeForm = defineFilterConfig({
  fields: [
    'organisation',
    'area',
    'areaCascader',
    'contacts',
    'plan',
    'serviceRegion',
    'riskType',
    'deviceType',
    'device',
    'timeType',
    'dateRange',
  ],
  loadPlansOnCustomer: true,
  loadRegionsOnPlan: true,
});

const run = (state: FilterFormState, action: FilterAction, options?: FilterFormOptions) =>
  filterReducer(state, action, options ? defineFilterConfig(options) : storeForm);

/** A store form filled in down to the devices. */
const chosen: FilterFormState = {
  customerId: 10,
  servicePlanId: 20,
  regionIds: [30, 31],
  deviceTypeIds: [40],
  pointIds: [50, 51],
  riskTypeIds: [60],
  timeType: TimeType.byOccurrence,
  dateRange: ['2024-01-01', '2024-01-31'],
};

describe('filterReducer: plain fields', () => {
  it('sets the value and asks for nothing', () => {
    expect(run({}, { type: 'change', field: 'petIds', value: [1, 2] })).toEqual({
      state: { petIds: [1, 2] },
      effects: [],
    });
  });
  it('clears a value set to undefined', () => {
    expect(run({ petIds: [1] }, { type: 'change', field: 'petIds', value: undefined }).state.petIds).toBeUndefined();
  });
  it('never mutates the state it is given', () => {
    const before = structuredClone(chosen);
    run(chosen, { type: 'change', field: 'customerId', value: 11 });
    run(chosen, { type: 'change', field: 'areaId', value: 1 });
    expect(chosen).toEqual(before);
  });
});

describe('filterReducer: choosing an organisation / customer', () => {
  it('resets service plan, plan region, device type and device choices', () => {
    const { state } = run(chosen, { type: 'change', field: 'customerId', value: 11 });
    expect(state).toMatchObject({
      customerId: 11,
      servicePlanId: undefined,
      regionIds: undefined,
      deviceTypeIds: undefined,
      pointIds: undefined,
    });
  });
  it('keeps the other filters', () => {
    const { state } = run(chosen, { type: 'change', field: 'customerId', value: 11 });
    expect(state.dateRange).toEqual(['2024-01-01', '2024-01-31']);
    expect(state.riskTypeIds).toEqual([60]);
  });
  it('sets the time type to by month when the form has the field', () => {
    expect(run(chosen, { type: 'change', field: 'customerId', value: 11 }).state.timeType).toBe(TimeType.byMonth);
  });
  it('leaves the time type alone when the form lacks the field', () => {
    const { state } = run(
      { timeType: TimeType.byOccurrence },
      { type: 'change', field: 'customerId', value: 11 },
      { fields: ['organisation'] },
    );
    expect(state.timeType).toBe(TimeType.byOccurrence);
  });
  it('loads the customer’s plans when enabled', () => {
    expect(run(chosen, { type: 'change', field: 'customerId', value: 11 }).effects).toEqual([
      { kind: 'loadPlans', customerId: 11 },
    ]);
  });
  it('does not load plans when not enabled', () => {
    expect(
      run({}, { type: 'change', field: 'customerId', value: 11 }, { fields: ['organisation', 'plan'] }).effects,
    ).toEqual([]);
  });
  it('applies to a multi-select organisation, without a plan load', () => {
    const { state, effects } = run(
      { customerIds: [1], servicePlanId: 20, pointIds: [50] },
      { type: 'change', field: 'customerIds', value: [1, 2] },
      { fields: ['organisation', 'plan', 'device', 'timeType'], organisationMode: 'multiple' },
    );
    expect(state).toMatchObject({
      customerIds: [1, 2],
      servicePlanId: undefined,
      pointIds: undefined,
      timeType: TimeType.byMonth,
    });
    expect(effects).toEqual([]);
  });
  it('clearing the organisation clears its dependents but neither sets the time type nor loads', () => {
    const { state, effects } = run(chosen, { type: 'change', field: 'customerId', value: undefined });
    expect(state).toMatchObject({
      customerId: undefined,
      servicePlanId: undefined,
      pointIds: undefined,
      timeType: TimeType.byOccurrence,
    });
    expect(effects).toEqual([]);
  });
});

describe('filterReducer: changing region, area or contacts', () => {
  const cases: [string, FilterAction, object][] = [
    ['region (areaId)', { type: 'change', field: 'areaId', value: 3 }, { areaId: 3 }],
    ['region (areaIds)', { type: 'change', field: 'areaIds', value: [3, 4] }, { areaIds: [3, 4] }],
    ['area cascader', { type: 'changeAreaPath', path: [110000, 110100] }, { provinceId: 110000, cityId: 110100 }],
    ['contacts', { type: 'change', field: 'contactNameList', value: ['王五'] }, { contactNameList: ['王五'] }],
  ];
  for (const [name, action, query] of cases) {
    it(`${name}: clears the chosen organisation (and its dependents) and reloads the list from page 1`, () => {
      const { state, effects } = run(chosen, action);
      expect(state).toMatchObject({
        customerId: undefined,
        customerIds: undefined,
        servicePlanId: undefined,
        pointIds: undefined,
      });
      expect(effects).toEqual([{ kind: 'reloadCustomerList', page: 1, query }]);
    });
  }
  it('clearing a filter also reloads, with the remaining filters', () => {
    const { effects } = run(
      { areaId: 3, contactNameList: ['王五'] },
      { type: 'change', field: 'contactNameList', value: [] },
    );
    expect(effects).toEqual([{ kind: 'reloadCustomerList', page: 1, query: { areaId: 3 } }]);
  });
  it('sets the whole cascader path, and a shorter path clears the deeper levels', () => {
    const deep = run({}, { type: 'changeAreaPath', path: [110000, 110100, 110101] }).state;
    expect(deep).toMatchObject({ provinceId: 110000, cityId: 110100, districtId: 110101 });
    const shallow = run(deep, { type: 'changeAreaPath', path: [120000] }).state;
    expect(shallow).toMatchObject({ provinceId: 120000, cityId: undefined, districtId: undefined });
  });
  it('does nothing more when the value did not actually change', () => {
    const { state, effects } = run({ ...chosen, areaId: 3 }, { type: 'change', field: 'areaId', value: 3 });
    expect(state.customerId).toBe(10);
    expect(effects).toEqual([]);
  });
  it('does not ask for a list reload on a form without the organisation field', () => {
    expect(run({}, { type: 'change', field: 'areaId', value: 3 }, { fields: ['area'] }).effects).toEqual([]);
  });
});

describe('filterReducer: choosing a plan', () => {
  it('loads the plan’s regions (when enabled) and its devices', () => {
    const { state, effects } = run(
      { customerId: 10, deviceTypeIds: [40] },
      { type: 'change', field: 'servicePlanId', value: 20 },
    );
    expect(state.servicePlanId).toBe(20);
    expect(effects).toEqual([
      { kind: 'loadRegions', mediumId: 20 },
      { kind: 'loadPoints', mediumId: 20, deviceTypeIds: [40] },
    ]);
  });
  it('loads devices of every type when no device type is chosen', () => {
    const { effects } = run({ customerId: 10 }, { type: 'change', field: 'servicePlanId', value: 20 });
    expect(effects).toContainEqual({ kind: 'loadPoints', mediumId: 20, deviceTypeIds: [] });
  });
  it('does not load regions when not enabled, nor devices when the form has no device field', () => {
    expect(
      run({}, { type: 'change', field: 'servicePlanId', value: 20 }, { fields: ['plan', 'serviceRegion'] }).effects,
    ).toEqual([]);
  });
  it('loads nothing when the plan is cleared', () => {
    expect(run(chosen, { type: 'change', field: 'servicePlanId', value: undefined }).effects).toEqual([]);
  });
});

describe('filterReducer: changing device types', () => {
  it('reloads the plan’s points for those types', () => {
    const { state, effects } = run(chosen, { type: 'change', field: 'deviceTypeIds', value: [40, 41] });
    expect(state.deviceTypeIds).toEqual([40, 41]);
    expect(effects).toEqual([{ kind: 'loadPoints', mediumId: 20, deviceTypeIds: [40, 41] }]);
  });
  it('loads nothing without a plan or without a device field', () => {
    expect(run({}, { type: 'change', field: 'deviceTypeIds', value: [40] }).effects).toEqual([]);
    expect(
      run(
        { servicePlanId: 20 },
        { type: 'change', field: 'deviceTypeIds', value: [40] },
        { fields: ['plan', 'deviceType'] },
      ).effects,
    ).toEqual([]);
  });
});

describe('filterReducer: customer / region type', () => {
  const options: FilterFormOptions = {
    fields: ['customerType', 'organisation', 'area', 'plan'],
    organisationMode: 'multiple',
    areaMode: 'multiple',
  };
  it('region clears the chosen customers (and their plan)', () => {
    const { state } = run(
      { customerType: ChartCustomerType.customer, customerIds: [1, 2], servicePlanId: 20 },
      { type: 'change', field: 'customerType', value: ChartCustomerType.region },
      options,
    );
    expect(state).toMatchObject({
      customerType: ChartCustomerType.region,
      customerIds: undefined,
      servicePlanId: undefined,
    });
  });
  it('customer clears the chosen regions, which reloads the list', () => {
    const { state, effects } = run(
      { customerType: ChartCustomerType.region, areaIds: [3, 4] },
      { type: 'change', field: 'customerType', value: ChartCustomerType.customer },
      options,
    );
    expect(state).toMatchObject({ customerType: ChartCustomerType.customer, areaIds: undefined });
    expect(effects).toEqual([{ kind: 'reloadCustomerList', page: 1, query: {} }]);
  });
  it('clearing the type clears nothing else', () => {
    const start = { customerType: ChartCustomerType.region, areaIds: [3] };
    expect(run(start, { type: 'change', field: 'customerType', value: undefined }, options).state).toEqual({
      ...start,
      customerType: undefined,
    });
  });
});

describe('filterReducer: statistic basis', () => {
  const withBoth: FilterFormState = {
    type: ChartBasis.risk,
    riskType: ChartRiskBasis.byIssue,
    riskTypeIds: [1],
    riskTypeNames: ['鼠迹'],
    issueDescNames: ['门缝'],
    petIds: [7],
  };
  it('pest clears the risk selections', () => {
    const { state } = run(withBoth, { type: 'change', field: 'type', value: ChartBasis.pest });
    expect(state).toMatchObject({
      type: ChartBasis.pest,
      riskTypeIds: undefined,
      riskTypeNames: undefined,
      issueDescNames: undefined,
      petIds: [7],
    });
  });
  it('risk clears the pest selection', () => {
    const { state } = run(
      { ...withBoth, type: ChartBasis.pest },
      { type: 'change', field: 'type', value: ChartBasis.risk },
    );
    expect(state).toMatchObject({
      type: ChartBasis.risk,
      petIds: undefined,
      riskTypeIds: [1],
      riskTypeNames: ['鼠迹'],
      issueDescNames: ['门缝'],
    });
  });
});

describe('filterReducer: report type', () => {
  const comparing: FilterFormState = {
    workType: ChartWorkType.comparison,
    comparisonRange: ['2023-01-01', '2023-01-31'],
    dateRange: ['2024-01-01', '2024-01-31'],
  };
  it('away from comparison clears the comparison time', () => {
    const { state } = run(comparing, { type: 'change', field: 'workType', value: ChartWorkType.trend });
    expect(state).toMatchObject({
      workType: ChartWorkType.trend,
      comparisonRange: undefined,
      dateRange: ['2024-01-01', '2024-01-31'],
    });
  });
  it('to comparison keeps it', () => {
    expect(
      run(comparing, { type: 'change', field: 'workType', value: ChartWorkType.comparison }).state.comparisonRange,
    ).toEqual(['2023-01-01', '2023-01-31']);
  });
});

describe('filterReducer: reset', () => {
  it('restores the defaults and tells the page to clear its results', () => {
    const config = defineFilterConfig({
      fields: ['basis', 'workType', 'timeType', 'pests', 'dateRange'],
      defaultTimeType: true,
    });
    const { state, effects } = filterReducer(
      {
        type: ChartBasis.pest,
        workType: ChartWorkType.trend,
        timeType: TimeType.byOccurrence,
        petIds: [1],
        dateRange: ['2024-01-01', '2024-01-02'],
      },
      { type: 'reset' },
      config,
    );
    expect(state).toEqual(initialFilterState(config));
    expect(state).toEqual({ type: ChartBasis.risk, workType: ChartWorkType.comparison, timeType: TimeType.byMonth });
    expect(effects).toEqual([{ kind: 'clearResults' }]);
  });
  it('also reloads the organisation list when it clears the list’s filters', () => {
    const { state, effects } = run({ ...chosen, areaId: 3 }, { type: 'reset' });
    expect(state).toEqual({});
    expect(effects).toEqual([{ kind: 'clearResults' }, { kind: 'reloadCustomerList', page: 1, query: {} }]);
  });
});
