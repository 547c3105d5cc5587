import { Type, type Static } from '@sinclair/typebox';
import { AlarmRecordListBody, type AlarmRecord, type AlarmState, type AlarmStatistics, type AlarmTrend } from './alarms.ts';
import { Id, PageNumber } from './common.ts';
import type { Page } from './filters.ts';
import type { AuditPackStatus } from './audit-pack.ts';
import { DeviceFilters, type DeviceInfo, type DeviceRow, type MouseBoxStatistics } from './devices.ts';

/**
 * The live socket (socket.io on the gateway at LIVE_PATH). A client connects with
 * `auth: { token }`, subscribes to topics, and receives only what changed, per subscription key.
 * It never receives data its token could not fetch over HTTP: the gateway polls with that token.
 */
export const LIVE_PATH = '/live';

export const LiveEvents = {
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  update: 'live:update',
  state: 'live:state',
  /** Sent just before the server disconnects a socket whose token stopped being valid. */
  error: 'live:error',
} as const;

/** connect_error messages a client can act on. */
export const LiveConnectErrors = {
  /** Missing or refused token: log in again; retrying will not help. */
  unauthorized: 'unauthorized',
  /** The gateway could not check the token (upstream down): retry later. */
  unavailable: 'unavailable',
} as const;

export const LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET = 20;

/**
 * Bounds of one frame from a client. The largest legitimate frame, a device list page filtered by
 * 5,000 stores, is about 45 KB and 5 levels deep; anything beyond is refused before it is looked at.
 */
export const LIVE_MAX_FRAME_BYTES = 64 * 1024;
export const LIVE_MAX_FRAME_DEPTH = 16;

/** The device list page a client is looking at: getMouseBoxList's body. */
export const DeviceListTopicParams = Type.Object(
  {
    current: PageNumber,
    size: Type.Integer({ minimum: 1, maximum: 100 }),
    filters: Type.Optional(DeviceFilters),
  },
  { additionalProperties: false },
);
export const DeviceTopicParams = Type.Object({ id: Id }, { additionalProperties: false });
export const AlarmOverviewTopicParams = Type.Object({}, { additionalProperties: false });
/**
 * The alarm list page a client is looking at (告警中心, a device's open alarms): getAlarmRecordList's
 * body, at most 100 rows. `states`/`handled` narrow the rows; the per-state counts ignore them.
 */
export const AlarmListTopicParams = Type.Object(
  { ...AlarmRecordListBody.properties, size: Type.Integer({ minimum: 1, maximum: 100 }) },
  { additionalProperties: false },
);

/** The signed-in user's recent audit packs (审计资料包): nothing to choose, the list is the user's own. */
export const AuditPacksTopicParams = Type.Object({}, { additionalProperties: false });

export const LiveTopicParams = {
  deviceList: DeviceListTopicParams,
  device: DeviceTopicParams,
  alarmOverview: AlarmOverviewTopicParams,
  alarmList: AlarmListTopicParams,
  auditPacks: AuditPacksTopicParams,
} as const;
export type LiveTopic = keyof typeof LiveTopicParams;
export type LiveTopicParams<T extends LiveTopic> = Static<(typeof LiveTopicParams)[T]>;

export interface SubscribeRequest<T extends LiveTopic = LiveTopic> {
  topic: T;
  params: LiveTopicParams<T>;
}
/** `retryable`: refused for now (a limit), worth asking again later; otherwise asking again will not help. */
export type SubscribeAck = { ok: true; key: string } | { ok: false; message: string; retryable?: boolean };
export interface UnsubscribeRequest {
  key: string;
}

/** What changed on a page of the device list: rows whose live fields changed, and the total. */
export interface DeviceListChange {
  total?: number;
  rows: DeviceRow[];
  /** The page's row ids in order, sent when a device entered or left the page. */
  ids?: number[];
}
/** One device: its row when a live field changed, events since the last update, today's trend. */
export interface DeviceChange {
  device?: DeviceInfo;
  newEvents: AlarmRecord[];
  trendToday?: AlarmTrend;
}
/** The alarm picture of the user's whole scope (navbar bell, wallboard). */
export interface AlarmOverviewChange {
  statistics?: MouseBoxStatistics;
  /** Alarms raised since the last update (newest first); not the boxes linked to a gateway's alarm. */
  newAlarms: AlarmRecord[];
  /**
   * The alarms not yet handled (open or acknowledged), most urgent first (AlarmListSort `urgency`),
   * the first ALARM_OVERVIEW_UNHANDLED; total counts them all. Sent again whenever one of them changes
   * state, so an acknowledgement in one console reaches every bell and wallboard.
   */
  unhandled?: Page<AlarmRecord>;
  /** Open alarms nobody has acknowledged yet, all of them. */
  unacknowledged?: number;
  /** Today's (Beijing day) getAlarmStatistics: time to acknowledge, open counts by severity. */
  today?: AlarmStatistics;
  trend24h?: AlarmTrend;
  trend7d?: AlarmTrend;
}
export const ALARM_OVERVIEW_UNHANDLED = 20;

export type AlarmStateCounts = Record<AlarmState, number>;
/** What changed on a page of the alarm list: rows new or changed in any field, the total, the tabs' counts. */
export interface AlarmListChange {
  total?: number;
  rows: AlarmRecord[];
  /** The page's row ids in order, sent when an alarm entered or left the page. */
  ids?: number[];
  /** Alarms per state under the page's other filters (the tabs of 告警中心). */
  counts?: AlarmStateCounts;
}
/** The user's recent packs: those new or changed (progress, state, link), and their order when it changed. */
export interface AuditPacksChange {
  packs: AuditPackStatus[];
  ids?: number[];
}
export interface LiveTopicData {
  deviceList: DeviceListChange;
  device: DeviceChange;
  alarmOverview: AlarmOverviewChange;
  alarmList: AlarmListChange;
  auditPacks: AuditPacksChange;
}

export interface LiveUpdate<T extends LiveTopic = LiveTopic> {
  key: string;
  topic: T;
  /** +1 per update of this key; a gap means a missed update: re-fetch and resubscribe. */
  seq: number;
  /** When the gateway last heard from the upstream for this key (ISO time). */
  asOf: string;
  /** The whole current state rather than a change (the first update after subscribing). */
  full?: boolean;
  data: LiveTopicData[T];
}

export interface LiveState {
  key: string;
  state: 'live' | 'stale';
  /** The last good answer's time; null when the upstream has not answered yet. */
  asOf: string | null;
}
