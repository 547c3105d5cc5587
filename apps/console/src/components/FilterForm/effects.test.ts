import { describe, expect, it, vi } from 'vitest';
import { runFilterEffect, type EffectApi, type EffectTargets } from './effects.ts';
import { OptionKeys } from './options/keyedItems.ts';

function setUp() {
  const api = {
    fetchServicePlans: vi.fn(async () => [{ id: 5, name: '年度服务', riskId: 2, customerId: 11, customerName: '徐汇店', contractId: null, contractName: null }]),
    fetchServiceRegions: vi.fn(async () => []),
    fetchPoints: vi.fn(async () => []),
  } satisfies EffectApi;
  const loader = () => ({ load: vi.fn((_key: string, fetch: () => Promise<unknown>) => void fetch()) });
  const targets = {
    plans: loader(),
    serviceRegions: loader(),
    points: loader(),
    reloadCustomerList: vi.fn(),
    clearResults: vi.fn(),
  } satisfies EffectTargets;
  return { api, targets };
}

describe('runFilterEffect', () => {
  it('loads the customer’s plans into the plan list, keyed by the customer', () => {
    const { api, targets } = setUp();
    runFilterEffect({ kind: 'loadPlans', customerId: 11 }, targets, api);
    expect(targets.plans.load).toHaveBeenCalledWith(OptionKeys.plans(11), expect.any(Function));
    expect(api.fetchServicePlans).toHaveBeenCalledWith(11);
  });
  it('loads the plan’s regions, keyed by the plan', () => {
    const { api, targets } = setUp();
    runFilterEffect({ kind: 'loadRegions', mediumId: 20 }, targets, api);
    expect(targets.serviceRegions.load).toHaveBeenCalledWith(OptionKeys.serviceRegions(20), expect.any(Function));
    expect(api.fetchServiceRegions).toHaveBeenCalledWith(20);
  });
  it('loads the plan’s points of the chosen device types, keyed by both', () => {
    const { api, targets } = setUp();
    runFilterEffect({ kind: 'loadPoints', mediumId: 20, deviceTypeIds: [4, 3] }, targets, api);
    expect(targets.points.load).toHaveBeenCalledWith(OptionKeys.points(20, [3, 4]), expect.any(Function));
    expect(api.fetchPoints).toHaveBeenCalledWith({ mediumId: 20, deviceTypeIds: [4, 3] });
  });
  it('hands the organisation list its new filters', () => {
    const { api, targets } = setUp();
    runFilterEffect({ kind: 'reloadCustomerList', page: 1, query: { areaId: 3 } }, targets, api);
    expect(targets.reloadCustomerList).toHaveBeenCalledWith({ areaId: 3 });
  });
  it('tells the page to clear its results, and calls nothing', () => {
    const { api, targets } = setUp();
    runFilterEffect({ kind: 'clearResults' }, targets, api);
    expect(targets.clearResults).toHaveBeenCalledOnce();
    expect(api.fetchServicePlans).not.toHaveBeenCalled();
    expect(api.fetchPoints).not.toHaveBeenCalled();
  });
});
