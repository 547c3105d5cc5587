import type { StoreStatus } from '@pest/shared';

/** How a place looks on the map: the worst of its stores (fault or offline devices > unhandled alarm > all fine). */
export type Health = 'down' | 'alarm' | 'ok';

const SEVERITY: Record<Health, number> = { ok: 0, alarm: 1, down: 2 };

export function storeHealth(store: Pick<StoreStatus, 'offline' | 'fault' | 'unhandledAlarm'>): Health {
  if (store.fault > 0 || store.offline > 0) return 'down';
  if (store.unhandledAlarm > 0) return 'alarm';
  return 'ok';
}

export function worst(a: Health, b: Health): Health {
  return SEVERITY[b] > SEVERITY[a] ? b : a;
}

export interface PlaceStatus {
  name: string;
  health: Health;
  stores: number;
  devices: number;
  online: number;
  offline: number;
  fault: number;
  unhandledAlarm: number;
}
export interface ProvinceStatus extends PlaceStatus {
  /** Its cities, worst first, then by name. */
  cities: PlaceStatus[];
}

/** Stores without a known province are grouped under this name rather than dropped. */
export const UNKNOWN_PLACE = '';

const emptyPlace = (name: string): PlaceStatus => ({ name, health: 'ok', stores: 0, devices: 0, online: 0, offline: 0, fault: 0, unhandledAlarm: 0 });

function add(place: PlaceStatus, store: StoreStatus): void {
  place.health = worst(place.health, storeHealth(store));
  place.stores += 1;
  place.devices += store.total;
  place.online += store.online;
  place.offline += store.offline;
  place.fault += store.fault;
  place.unhandledAlarm += store.unhandledAlarm;
}

const byWorstThenName = (a: PlaceStatus, b: PlaceStatus) => SEVERITY[b.health] - SEVERITY[a.health] || a.name.localeCompare(b.name, 'zh');

/** Stores rolled up to provinces and their cities; a place is as bad as its worst store. */
export function rollUpStores(stores: readonly StoreStatus[]): ProvinceStatus[] {
  const provinces = new Map<string, { place: PlaceStatus; cities: Map<string, PlaceStatus> }>();
  for (const store of stores) {
    const provinceName = store.provinceName ?? UNKNOWN_PLACE;
    let province = provinces.get(provinceName);
    if (!province) {
      province = { place: emptyPlace(provinceName), cities: new Map() };
      provinces.set(provinceName, province);
    }
    add(province.place, store);
    const cityName = store.cityName ?? UNKNOWN_PLACE;
    let city = province.cities.get(cityName);
    if (!city) {
      city = emptyPlace(cityName);
      province.cities.set(cityName, city);
    }
    add(city, store);
  }
  return [...provinces.values()]
    .map(({ place, cities }) => ({ ...place, cities: [...cities.values()].sort(byWorstThenName) }))
    .sort(byWorstThenName);
}
