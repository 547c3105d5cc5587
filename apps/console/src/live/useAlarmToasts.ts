import { useCallback, useEffect, useState } from 'react';
import type { AlarmRecord } from '@pest/shared';
import {
  clearToasts,
  closeToast,
  expireToasts,
  INITIAL_TOAST_STATE,
  nextExpiry,
  receiveAlarms,
  resumeToasts,
  type AlarmToast,
  type ToastPreferences,
} from './alarmToastPolicy.ts';

/** Time to finish reading once the pointer leaves the toasts. */
const GRACE_AFTER_HOVER_MS = 2_000;

export interface AlarmToasts {
  /** What is on screen, oldest first. */
  toasts: readonly AlarmToast[];
  /** The newest alarm heard of (the policy's watermark); null before the first update. */
  latestAlarmId: number | null;
  /** The new alarms of a live update, with the preferences in force when it arrived. */
  receive(alarms: readonly AlarmRecord[], preferences: ToastPreferences): void;
  close(key: string): void;
  clear(): void;
  /**
   * The toast under the pointer, or null: none goes while someone reads one. A key no longer on
   * screen holds nothing, so a toast closed under the pointer (no leave event) does not hold the rest.
   */
  setHeld(key: string | null): void;
}

/** The toast policy (alarmToastPolicy.ts) on the browser's clock, with a timer for the next toast due to go. */
export function useAlarmToasts(): AlarmToasts {
  const [state, setState] = useState(INITIAL_TOAST_STATE);
  const [heldKey, setHeldKey] = useState<string | null>(null);
  const held = heldKey !== null && state.toasts.some((toast) => toast.key === heldKey);
  const due = nextExpiry(state);

  useEffect(() => {
    if (held || due === null) return;
    const timer = window.setTimeout(() => setState((current) => expireToasts(current, Date.now())), Math.max(0, due - Date.now()));
    return () => window.clearTimeout(timer);
  }, [held, due]);

  const receive = useCallback(
    (alarms: readonly AlarmRecord[], preferences: ToastPreferences) =>
      setState((current) => receiveAlarms(current, alarms, preferences, Date.now())),
    [],
  );
  const close = useCallback((key: string) => setState((current) => closeToast(current, key)), []);
  const clear = useCallback(() => setState(clearToasts), []);
  const setHeld = useCallback((key: string | null) => {
    setHeldKey(key);
    if (key === null) setState((current) => resumeToasts(current, Date.now(), GRACE_AFTER_HOVER_MS));
  }, []);

  return { toasts: state.toasts, latestAlarmId: state.watermark, receive, close, clear, setHeld };
}
