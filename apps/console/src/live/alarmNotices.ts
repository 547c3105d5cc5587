import type { AlarmRecord } from '@pest/shared';

/** More new alarms than this in one update become one grouped notice instead of a stack of toasts. */
export const MAX_SEPARATE_NOTICES = 3;
/** A grouped notice lists this many of its alarms. */
export const GROUP_PREVIEW = 5;

export type AlarmNotice = { kind: 'single'; alarm: AlarmRecord } | { kind: 'group'; count: number; preview: AlarmRecord[] };

/** What to announce for the alarms of one update (newest first, as the upstream lists them). */
export function alarmNotices(alarms: readonly AlarmRecord[]): AlarmNotice[] {
  if (alarms.length <= MAX_SEPARATE_NOTICES) return alarms.map((alarm) => ({ kind: 'single', alarm }));
  return [{ kind: 'group', count: alarms.length, preview: alarms.slice(0, GROUP_PREVIEW) }];
}
