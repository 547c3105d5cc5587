import type { AlarmRecord, AlarmSeverity } from '@pest/shared';

/**
 * Which alarms become toasts, and how many are on screen (issue 16). Pure: the caller passes the
 * time and renders `toasts` as they are, so what this state allows is exactly what is visible.
 *
 * Before, every alarm was a toast of 8 s: with the simulator's ~300 an hour, 3–5 always sat over
 * the page's buttons. Now an operator sees the few alarms that matter one by one, and a burst as
 * one toast that keeps counting instead of a stack.
 */

/** Never more toasts than this on screen. */
export const MAX_VISIBLE_TOASTS = 3;
/** A single alarm long enough to read its store and device. */
export const SINGLE_TOAST_MS = 5_000;
/** A burst's toast stays while alarms keep coming, and this long after the last one. */
export const GROUP_TOAST_MS = 8_000;
/** Alarms a grouped toast names; the rest are in 告警中心. */
export const GROUP_PREVIEW = 3;
/** Ids remembered against announcing one twice; far more than a screen ever holds. */
const ANNOUNCED_MEMORY = 200;

export interface ToastPreferences {
  /** Severities that toast. */
  severities: readonly AlarmSeverity[];
  muted: boolean;
}

export type AlarmToast =
  | { kind: 'single'; key: string; alarm: AlarmRecord; until: number }
  | { kind: 'group'; key: 'group'; count: number; preview: AlarmRecord[]; until: number };

export interface ToastState {
  /** In arrival order, oldest first. At most MAX_VISIBLE_TOASTS; a group is alone. */
  toasts: readonly AlarmToast[];
  /**
   * The greatest alarm id known when the page first heard from the server, then the greatest seen
   * since: alarm ids only grow, so anything at or below it was raised before or already counted.
   * Null until the first update: whatever that brings was there before the page loaded.
   */
  watermark: number | null;
  announced: readonly number[];
}

export const INITIAL_TOAST_STATE: ToastState = { toasts: [], watermark: null, announced: [] };

const maxId = (alarms: readonly AlarmRecord[], from: number) => alarms.reduce((max, alarm) => Math.max(max, alarm.id), from);

/** What the user asked to be told about, and has not been told. */
function worthAToast(alarm: AlarmRecord, state: ToastState, preferences: ToastPreferences): boolean {
  return (
    !preferences.muted &&
    alarm.id > (state.watermark ?? Infinity) &&
    !state.announced.includes(alarm.id) &&
    // Raised and dealt with while the page was away (a reconnect's snapshot): nothing left to do.
    alarm.state !== 'handled' &&
    alarm.severity !== null &&
    preferences.severities.includes(alarm.severity)
  );
}

/**
 * The alarms of one live update (newest first, as the server lists them). The first update only
 * sets the watermark: alarms raised before the page loaded never toast. A few new alarms that fit
 * beside the toasts on screen show one by one; more than fit, or any while a group is showing,
 * fold into the one grouped toast, which counts the singles it replaces.
 */
export function receiveAlarms(state: ToastState, alarms: readonly AlarmRecord[], preferences: ToastPreferences, now: number): ToastState {
  if (state.watermark === null) return { ...state, watermark: maxId(alarms, 0) };
  const fresh = alarms.filter((alarm) => worthAToast(alarm, state, preferences));
  const watermark = maxId(alarms, state.watermark);
  if (fresh.length === 0) return watermark === state.watermark ? state : { ...state, watermark };
  const announced = [...fresh.map((alarm) => alarm.id), ...state.announced].slice(0, ANNOUNCED_MEMORY);
  return { toasts: placeToasts(state.toasts, fresh, now), watermark, announced };
}

function placeToasts(toasts: readonly AlarmToast[], fresh: readonly AlarmRecord[], now: number): AlarmToast[] {
  const group = toasts.find((toast) => toast.kind === 'group');
  if (group) {
    return [{ ...group, count: group.count + fresh.length, preview: [...fresh, ...group.preview].slice(0, GROUP_PREVIEW), until: now + GROUP_TOAST_MS }];
  }
  if (toasts.length + fresh.length <= MAX_VISIBLE_TOASTS) {
    const singles = [...fresh].reverse().map((alarm): AlarmToast => ({ kind: 'single', key: `alarm-${alarm.id}`, alarm, until: now + SINGLE_TOAST_MS }));
    return [...toasts, ...singles];
  }
  const shown = toasts.flatMap((toast) => (toast.kind === 'single' ? [toast.alarm] : [])).reverse();
  return [
    { kind: 'group', key: 'group', count: shown.length + fresh.length, preview: [...fresh, ...shown].slice(0, GROUP_PREVIEW), until: now + GROUP_TOAST_MS },
  ];
}

/** Drops the toasts whose time is up. The caller holds off while the pointer rests on them. */
export function expireToasts(state: ToastState, now: number): ToastState {
  const toasts = state.toasts.filter((toast) => toast.until > now);
  return toasts.length === state.toasts.length ? state : { ...state, toasts };
}

/** The user closed one. */
export function closeToast(state: ToastState, key: string): ToastState {
  return { ...state, toasts: state.toasts.filter((toast) => toast.key !== key) };
}

/** Muting silences what is on screen too. */
export function clearToasts(state: ToastState): ToastState {
  return state.toasts.length === 0 ? state : { ...state, toasts: [] };
}

/** After the pointer leaves, each toast has at least `graceMs` more, so it is not gone under the reader's eyes. */
export function resumeToasts(state: ToastState, now: number, graceMs: number): ToastState {
  return { ...state, toasts: state.toasts.map((toast) => ({ ...toast, until: Math.max(toast.until, now + graceMs) })) };
}

/** When the next toast is due to go, if any. */
export function nextExpiry(state: ToastState): number | null {
  return state.toasts.length === 0 ? null : Math.min(...state.toasts.map((toast) => toast.until));
}
