import { describe, expect, it } from 'vitest';
import type { StoreStatus } from '@pest/shared';
import { rollUpStores, storeHealth, worst } from './statusRollup.ts';

let nextId = 1;
const store = (provinceName: string | null, cityName: string | null, counts: Partial<StoreStatus> = {}): StoreStatus => ({
  customerId: nextId++,
  storeName: `门店${nextId}`,
  organisationName: '示例餐饮',
  provinceName,
  cityName,
  total: 4,
  online: 4,
  offline: 0,
  fault: 0,
  unhandledAlarm: 0,
  ...counts,
});

describe('storeHealth', () => {
  it('ranks fault and offline devices above unhandled alarms above all fine', () => {
    expect(storeHealth({ offline: 0, fault: 0, unhandledAlarm: 0 })).toBe('ok');
    expect(storeHealth({ offline: 0, fault: 0, unhandledAlarm: 3 })).toBe('alarm');
    expect(storeHealth({ offline: 1, fault: 0, unhandledAlarm: 3 })).toBe('down');
    expect(storeHealth({ offline: 0, fault: 1, unhandledAlarm: 0 })).toBe('down');
  });

  it('worst() keeps the worse of two, whatever the order', () => {
    expect(worst('ok', 'alarm')).toBe('alarm');
    expect(worst('alarm', 'ok')).toBe('alarm');
    expect(worst('down', 'alarm')).toBe('down');
    expect(worst('alarm', 'down')).toBe('down');
  });
});

describe('rollUpStores', () => {
  it('makes a province and a city as bad as their worst store, and adds their counts', () => {
    const provinces = rollUpStores([
      store('广东省', '广州市'),
      store('广东省', '深圳市', { unhandledAlarm: 2 }),
      store('广东省', '广州市', { online: 3, offline: 1 }),
      store('浙江省', '杭州市', { unhandledAlarm: 1 }),
      store('江苏省', '南京市'),
    ]);
    expect(provinces.map((p) => [p.name, p.health])).toEqual([
      ['广东省', 'down'],
      ['浙江省', 'alarm'],
      ['江苏省', 'ok'],
    ]);
    const guangdong = provinces[0]!;
    expect(guangdong).toMatchObject({ stores: 3, devices: 12, online: 11, offline: 1, fault: 0, unhandledAlarm: 2 });
    expect(guangdong.cities.map((c) => [c.name, c.health, c.stores])).toEqual([
      ['广州市', 'down', 2],
      ['深圳市', 'alarm', 1],
    ]);
  });

  it('keeps stores without a known place under an empty name rather than dropping them', () => {
    const [unknown] = rollUpStores([store(null, null, { fault: 1 })]);
    expect(unknown).toMatchObject({ name: '', health: 'down', stores: 1, cities: [expect.objectContaining({ name: '', health: 'down' })] });
  });

  it('answers nothing for no stores', () => {
    expect(rollUpStores([])).toEqual([]);
  });
});
