/**
 * When a silent device counts as offline. A box that misses one heartbeat is usually fine (a
 * door closed on its radio, a gateway restarting); declaring it offline at once made alarms that
 * closed themselves a minute later. So a device is offline only once it has been silent for more
 * than `missedHeartbeats` of its heartbeat intervals, and one that reports inside that window was
 * never offline: no alarm, no "back online".
 */
export interface OfflineRule {
  heartbeatIntervalMs: number;
  missedHeartbeats: number;
}

/** Devices report every six hours: the interval the product's offline rule counts missed heartbeats in. */
export const HEARTBEAT_INTERVAL_MS = 6 * 3_600_000;
export const HEARTBEAT_HOURS = HEARTBEAT_INTERVAL_MS / 3_600_000;

/** The default of OFFLINE_AFTER_MISSED_HEARTBEATS (config.ts cannot import this file; keep them equal). */
export const DEFAULT_OFFLINE_AFTER_MISSED_HEARTBEATS = 3;

/** How long a device may stay silent before it is declared offline. */
export function offlineWindowMs(rule: OfflineRule): number {
  return rule.missedHeartbeats * rule.heartbeatIntervalMs;
}

/** Whether a device last heard from at `lastHeartbeatAt` is offline at `now` (epoch ms). */
export function isSilentTooLong(lastHeartbeatAt: number, now: number, rule: OfflineRule): boolean {
  return now - lastHeartbeatAt > offlineWindowMs(rule);
}
