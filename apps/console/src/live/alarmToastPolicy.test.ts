import { describe, expect, it } from 'vitest';
import type { AlarmRecord, AlarmSeverity } from '@pest/shared';
import {
  clearToasts,
  closeToast,
  expireToasts,
  GROUP_PREVIEW,
  GROUP_TOAST_MS,
  INITIAL_TOAST_STATE,
  MAX_VISIBLE_TOASTS,
  nextExpiry,
  receiveAlarms,
  resumeToasts,
  SINGLE_TOAST_MS,
  type ToastPreferences,
  type ToastState,
} from './alarmToastPolicy.ts';

const alarm = (id: number, severity: AlarmSeverity = 'critical', state: AlarmRecord['state'] = 'open') =>
  ({ id, severity, state, content: `告警${id}` }) as AlarmRecord;
/** Ids newest first, as the server lists new alarms. */
const alarms = (...ids: number[]) => ids.map((id) => alarm(id));
const ALL: ToastPreferences = { severities: ['critical', 'major', 'minor'], muted: false };
const CRITICAL: ToastPreferences = { severities: ['critical'], muted: false };
const T0 = 1_700_000_000_000;

/** A page that has had its first update (alarms up to id 100). */
const loaded = (): ToastState => receiveAlarms(INITIAL_TOAST_STATE, alarms(100, 99), ALL, T0);
const shownIds = (state: ToastState) =>
  state.toasts.map((toast) => (toast.kind === 'single' ? toast.alarm.id : `group:${toast.count}`));

describe('alarm toast policy', () => {
  it('never toasts what the first update brings: those alarms were raised before the page loaded', () => {
    const state = receiveAlarms(INITIAL_TOAST_STATE, alarms(100, 99, 98), ALL, T0);
    expect(state.toasts).toEqual([]);
    expect(state.watermark).toBe(100);
    // Nor an older one that shows up later (a reconnect's snapshot lists the latest 20 again).
    expect(receiveAlarms(state, alarms(100, 97), ALL, T0 + 1).toasts).toEqual([]);
  });

  it('toasts a few new alarms one by one, oldest first, for a few seconds', () => {
    const state = receiveAlarms(loaded(), alarms(102, 101), ALL, T0);
    expect(shownIds(state)).toEqual([101, 102]);
    expect(state.toasts.every((toast) => toast.until === T0 + SINGLE_TOAST_MS)).toBe(true);
    expect(nextExpiry(state)).toBe(T0 + SINGLE_TOAST_MS);
    expect(expireToasts(state, T0 + SINGLE_TOAST_MS - 1).toasts).toHaveLength(2);
    expect(expireToasts(state, T0 + SINGLE_TOAST_MS).toasts).toEqual([]);
  });

  it('toasts only the chosen severities (critical only by default), and nothing when muted', () => {
    const mixed = [alarm(103, 'minor'), alarm(102, 'major'), alarm(101, 'critical')];
    expect(shownIds(receiveAlarms(loaded(), mixed, CRITICAL, T0))).toEqual([101]);
    expect(shownIds(receiveAlarms(loaded(), mixed, { severities: ['major', 'minor'], muted: false }, T0))).toEqual([102, 103]);
    const muted = receiveAlarms(loaded(), mixed, { ...ALL, muted: true }, T0);
    expect(muted.toasts).toEqual([]);
    // Muted alarms are not kept for later: unmuting does not replay them.
    expect(receiveAlarms(muted, mixed, ALL, T0 + 1).toasts).toEqual([]);
  });

  it('does not toast an alarm already handled, nor the same alarm twice', () => {
    expect(receiveAlarms(loaded(), [alarm(101, 'critical', 'handled')], ALL, T0).toasts).toEqual([]);
    const once = receiveAlarms(loaded(), alarms(101), ALL, T0);
    const closed = closeToast(once, 'alarm-101');
    expect(receiveAlarms({ ...closed, watermark: 100 }, alarms(101), ALL, T0 + 1).toasts).toEqual([]);
  });

  it('turns a burst in one update into one grouped toast counting them all, previewing the newest', () => {
    const burst = alarms(...Array.from({ length: 12 }, (_, i) => 112 - i));
    const state = receiveAlarms(loaded(), burst, ALL, T0);
    expect(state.toasts).toHaveLength(1);
    const [group] = state.toasts;
    expect(group).toMatchObject({ kind: 'group', count: 12, until: T0 + GROUP_TOAST_MS });
    expect(group!.kind === 'group' && group!.preview.map((a) => a.id)).toEqual([112, 111, 110].slice(0, GROUP_PREVIEW));
  });

  it('folds alarms arriving while the screen is full into one group that replaces the singles', () => {
    let state = receiveAlarms(loaded(), alarms(102, 101), ALL, T0);
    state = receiveAlarms(state, alarms(103), ALL, T0 + 1_000);
    expect(shownIds(state)).toEqual([101, 102, 103]);
    state = receiveAlarms(state, alarms(104), ALL, T0 + 2_000);
    expect(shownIds(state)).toEqual(['group:4']);
    const [group] = state.toasts;
    expect(group!.kind === 'group' && group!.preview.map((a) => a.id)).toEqual([104, 103, 102]);
  });

  it('keeps counting on the group while alarms keep coming, and its time starts again with each', () => {
    let state = receiveAlarms(loaded(), alarms(105, 104, 103, 102), ALL, T0);
    state = receiveAlarms(state, alarms(106), ALL, T0 + 5_000);
    expect(shownIds(state)).toEqual(['group:5']);
    expect(nextExpiry(state)).toBe(T0 + 5_000 + GROUP_TOAST_MS);
    // Once it has gone, the next alarm is a single again and the count starts over.
    state = expireToasts(state, T0 + 5_000 + GROUP_TOAST_MS);
    state = receiveAlarms(state, alarms(107), ALL, T0 + 20_000);
    expect(shownIds(state)).toEqual([107]);
  });

  it('never has more than three toasts on screen through a long uneven stream', () => {
    let state = loaded();
    let id = 100;
    let now = T0;
    let seen = 0;
    // Bursts of 0–5 alarms every 0.3–2.9 s, some expiring in between, for an hour of fake time.
    for (let step = 0; step < 3_000; step++) {
      now += 300 + ((step * 7919) % 2_600);
      state = expireToasts(state, now);
      const size = (step * 31) % 6;
      const batch = Array.from({ length: size }, () => alarm(++id)).reverse();
      state = receiveAlarms(state, batch, ALL, now);
      if (step % 11 === 0 && state.toasts[0]) state = closeToast(state, state.toasts[0].key);
      expect(state.toasts.length).toBeLessThanOrEqual(MAX_VISIBLE_TOASTS);
      const groups = state.toasts.filter((toast) => toast.kind === 'group').length;
      expect(groups === 0 || state.toasts.length === 1).toBe(true);
      seen = Math.max(seen, state.toasts.length);
    }
    expect(seen).toBe(MAX_VISIBLE_TOASTS);
  });

  it('closes one on request, clears them all when muted, and gives them a grace after the pointer leaves', () => {
    const state = receiveAlarms(loaded(), alarms(102, 101), ALL, T0);
    expect(shownIds(closeToast(state, 'alarm-101'))).toEqual([102]);
    expect(clearToasts(state).toasts).toEqual([]);
    const resumed = resumeToasts(state, T0 + 60_000, 2_000);
    expect(nextExpiry(resumed)).toBe(T0 + 62_000);
    expect(nextExpiry(INITIAL_TOAST_STATE)).toBeNull();
  });
});
