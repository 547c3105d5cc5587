import type { StoreStatus } from '@pest/shared';
/**
 * What a place needs from the control room now, most urgent first: a store with an open critical
 * alarm (a catch, a gateway down), one with an open major alarm (too hot), a large share of its
 * devices offline, or nothing (calm). One silent box among many is calm: at 300 stores nearly every
 * province has one, and a map that is red everywhere says nothing.
 */
export type Action = 'critical' | 'major' | 'offline' | 'calm';

export const ACTIONS: readonly Action[] = ['critical', 'major', 'offline', 'calm'];
/** From this share of a place's devices offline, the silence itself needs a visit. */
export const OFFLINE_SHARE_FOR_ACTION = 0.1;

const URGENCY: Record<Action, number> = { calm: 0, offline: 1, major: 2, critical: 3 };

type Counts = Pick<StoreStatus, 'openCritical' | 'openMajor' | 'offline' | 'total'>;

export function actionFor({ openCritical, openMajor, offline, total }: Counts): Action {
  if (openCritical > 0) return 'critical';
  if (openMajor > 0) return 'major';
  if (total > 0 && offline / total >= OFFLINE_SHARE_FOR_ACTION) return 'offline';
  return 'calm';
}

/** A store on the focus card: its action and how long its oldest open alarm has waited. */
export interface StoreAction {
  customerId: number;
  name: string;
  action: Action;
  openCritical: number;
  openMajor: number;
  offline: number;
  total: number;
  darkBoxes: number;
  /** When its oldest open critical or major alarm was raised (China time, as the API writes it); null without one. */
  oldestOpenAlarmAt: string | null;
}

export interface PlaceStatus {
  name: string;
  action: Action;
  stores: number;
  devices: number;
  offline: number;
  openCritical: number;
  openMajor: number;
  darkBoxes: number;
  /** Stores that need something, worst first (critical, major, offline share), longest waiting first within each. */
  worstStores: StoreAction[];
}

/** Stores without a known province are grouped under this name rather than dropped. */
export const UNKNOWN_PLACE = '';

function storeAction(store: StoreStatus): StoreAction {
  return {
    customerId: store.customerId,
    name: store.storeName,
    action: actionFor(store),
    openCritical: store.openCritical,
    openMajor: store.openMajor,
    offline: store.offline,
    total: store.total,
    darkBoxes: store.darkBoxes,
    oldestOpenAlarmAt: store.oldestOpenAlarmAt,
  };
}

const NEVER = '9999';

const byUrgencyThenWait = (a: StoreAction, b: StoreAction) =>
  URGENCY[b.action] - URGENCY[a.action] ||
  // 'yyyy-MM-dd HH:mm:ss' sorts as it reads; a store without an alarm waits least.
  (a.oldestOpenAlarmAt ?? NEVER).localeCompare(b.oldestOpenAlarmAt ?? NEVER) ||
  b.offline / Math.max(1, b.total) - a.offline / Math.max(1, a.total) ||
  a.customerId - b.customerId;

const byUrgencyThenName = (a: PlaceStatus, b: PlaceStatus) => URGENCY[b.action] - URGENCY[a.action] || a.name.localeCompare(b.name, 'zh');

/**
 * Stores rolled up to provinces, most urgent first. A province's action counts its open alarms
 * and its offline share over all its devices, so one silent box among a province's hundreds is calm.
 */
export function rollUpStores(stores: readonly StoreStatus[]): PlaceStatus[] {
  const provinces = new Map<string, { counts: Counts & { darkBoxes: number; stores: number }; stores: StoreAction[] }>();
  for (const store of stores) {
    const name = store.provinceName ?? UNKNOWN_PLACE;
    let province = provinces.get(name);
    if (!province) {
      province = { counts: { openCritical: 0, openMajor: 0, offline: 0, total: 0, darkBoxes: 0, stores: 0 }, stores: [] };
      provinces.set(name, province);
    }
    const { counts } = province;
    counts.openCritical += store.openCritical;
    counts.openMajor += store.openMajor;
    counts.offline += store.offline;
    counts.total += store.total;
    counts.darkBoxes += store.darkBoxes;
    counts.stores += 1;
    province.stores.push(storeAction(store));
  }
  return [...provinces.entries()]
    .map(([name, { counts, stores: actions }]) => ({
      name,
      action: actionFor(counts),
      stores: counts.stores,
      devices: counts.total,
      offline: counts.offline,
      openCritical: counts.openCritical,
      openMajor: counts.openMajor,
      darkBoxes: counts.darkBoxes,
      worstStores: actions.filter((store) => store.action !== 'calm').sort(byUrgencyThenWait),
    }))
    .sort(byUrgencyThenName);
}
