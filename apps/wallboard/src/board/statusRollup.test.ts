import { describe, expect, it } from 'vitest';
import type { StoreStatus } from '@pest/shared';
import { actionFor, rollUpStores } from './statusRollup.ts';

let nextId = 1;
const store = (provinceName: string | null, counts: Partial<StoreStatus> = {}): StoreStatus => ({
  customerId: nextId++,
  storeName: `门店${nextId}`,
  organisationName: '示例餐饮',
  provinceName,
  cityName: null,
  total: 20,
  online: 20,
  offline: 0,
  fault: 0,
  unhandledAlarm: 0,
  openCritical: 0,
  openMajor: 0,
  oldestOpenAlarmAt: null,
  darkBoxes: 0,
  ...counts,
});

describe('actionFor', () => {
  it('ranks an open critical alarm over a major one over a tenth of the devices offline over calm', () => {
    expect(actionFor({ openCritical: 1, openMajor: 3, offline: 20, total: 20 })).toBe('critical');
    expect(actionFor({ openCritical: 0, openMajor: 1, offline: 20, total: 20 })).toBe('major');
    expect(actionFor({ openCritical: 0, openMajor: 0, offline: 2, total: 20 })).toBe('offline');
    expect(actionFor({ openCritical: 0, openMajor: 0, offline: 1, total: 20 })).toBe('calm');
    expect(actionFor({ openCritical: 0, openMajor: 0, offline: 0, total: 0 })).toBe('calm');
  });
});

describe('rollUpStores', () => {
  it('keeps a province with one offline box among many calm, and one with a single critical store critical', () => {
    const provinces = rollUpStores([
      store('河北省', { offline: 1, online: 19 }),
      ...Array.from({ length: 9 }, () => store('河北省')),
      store('广东省'),
      store('广东省', { openCritical: 1, oldestOpenAlarmAt: '2026-11-24 08:00:00' }),
      store('浙江省', { openMajor: 2 }),
      store('江苏省', { offline: 6, online: 14 }),
    ]);
    expect(provinces.map((province) => [province.name, province.action])).toEqual([
      ['广东省', 'critical'],
      ['浙江省', 'major'],
      ['江苏省', 'offline'],
      ['河北省', 'calm'],
    ]);
    expect(provinces.find((province) => province.name === '河北省')).toMatchObject({ stores: 10, devices: 200, offline: 1 });
  });

  it('lists a province\'s worst stores: critical before major before offline, the longest waiting first, calm ones left out', () => {
    const [guangdong] = rollUpStores([
      store('广东省', { storeName: '新告警', openCritical: 1, oldestOpenAlarmAt: '2026-11-24 08:00:00' }),
      store('广东省', { storeName: '离线多', offline: 10, online: 10 }),
      store('广东省', { storeName: '正常' }),
      store('广东省', { storeName: '旧告警', openCritical: 1, darkBoxes: 12, oldestOpenAlarmAt: '2026-11-23 21:30:00' }),
      store('广东省', { storeName: '过热', openMajor: 1, oldestOpenAlarmAt: '2026-11-20 10:00:00' }),
    ]);
    expect(guangdong!.worstStores.map((worst) => [worst.name, worst.action])).toEqual([
      ['旧告警', 'critical'],
      ['新告警', 'critical'],
      ['过热', 'major'],
      ['离线多', 'offline'],
    ]);
    expect(guangdong!.worstStores[0]!.oldestOpenAlarmAt).toBe('2026-11-23 21:30:00');
    expect(guangdong!.darkBoxes).toBe(12);
  });

  it('keeps stores without a known place under an empty name rather than dropping them', () => {
    const [unknown] = rollUpStores([store(null, { openMajor: 1 })]);
    expect(unknown).toMatchObject({ name: '', action: 'major', stores: 1 });
  });

  it('answers nothing for no stores', () => {
    expect(rollUpStores([])).toEqual([]);
  });
});
