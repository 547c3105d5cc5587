import { Type, type Static } from '@sinclair/typebox';
import { Day, EndDay, Id, IdList, Nullable, PageNumber, Text } from './common.ts';
import { AlarmContentParams } from './alarm-contents.ts';
import { Envelope } from './envelope.ts';
import { Page } from './filters.ts';

/**
 * Device events and alarms (console-spec sections 4 and 7 "Devices"): their kinds, the alarm record
 * list and the alarm trend. Their paths are in DevicePaths (devices.ts), beside the device calls.
 */
/**
 * Event and alarm record types. `online` is an event, not an alarm: it is recorded already handled.
 * `fault` (issue #35): a device in fault (status 3) has one open, with its cause.
 */
export const AlarmKind = { offline: 1, highTemperature: 2, lowBattery: 3, maintain: 4, trigger: 5, online: 6, fault: 7 } as const;
export type AlarmKind = (typeof AlarmKind)[keyof typeof AlarmKind];
export const ALARM_KIND_LABELS: Record<AlarmKind, string> = {
  1: '设备离线',
  2: '温度过高',
  3: '电量低',
  4: '需要维护',
  5: '触发捕鼠',
  6: '设备上线',
  7: '设备故障',
};

/**
 * How urgent an alarm is (issue 16). An `online` event is not an alarm and has no severity. The rule
 * that gives a record its severity is `alarmSeverity` (rules/alarmSeverity.ts).
 */
export const AlarmSeverity = { critical: 'critical', major: 'major', minor: 'minor' } as const;
export type AlarmSeverity = (typeof AlarmSeverity)[keyof typeof AlarmSeverity];
export const ALARM_SEVERITY_LABELS: Record<AlarmSeverity, string> = { critical: '紧急', major: '重要', minor: '次要' };
/** Most urgent first, the order screens list and sort them in. */
export const ALARM_SEVERITIES: readonly AlarmSeverity[] = [AlarmSeverity.critical, AlarmSeverity.major, AlarmSeverity.minor];

/**
 * An alarm's life: raised `open`, `acknowledged` by someone who saw it, `handled` once dealt with
 * (a note, maybe photos). An open alarm may be handled directly. `handled` on a record stays true
 * exactly when the state is `handled`.
 */
export const AlarmState = { open: 'open', acknowledged: 'acknowledged', handled: 'handled' } as const;
export type AlarmState = (typeof AlarmState)[keyof typeof AlarmState];
export const ALARM_STATE_LABELS: Record<AlarmState, string> = { open: '未确认', acknowledged: '已确认', handled: '已处理' };
export const ALARM_STATES: readonly AlarmState[] = [AlarmState.open, AlarmState.acknowledged, AlarmState.handled];

/** Paths of the alarm operations; the list and the trend keep theirs in DevicePaths. */
const ALARM_RECORD = '/api/admin/alarmRecord/web';
export const AlarmPaths = {
  acknowledge: `${ALARM_RECORD}/acknowledge`,
  handle: `${ALARM_RECORD}/handle`,
  assign: `${ALARM_RECORD}/assign`,
  statistics: `${ALARM_RECORD}/getAlarmStatistics`,
} as const;

/** At most this many alarms per action, so one request stays one short transaction. */
export const ALARM_ACTION_MAX_IDS = 500;
export const ALARM_NOTE_MAX_LENGTH = 500;
export const ALARM_PICTURES_MAX = 9;
/** Statistics asked for a range of days cover at most a year of them (without days: every alarm). */
export const ALARM_STATISTICS_MAX_DAYS = 366;

export const AlarmMessages = {
  pictureNotOurs: '处理图片必须是本系统上传的图片地址',
  pictureNotYours: '处理图片只能使用本人上传的图片',
  statisticsRangeTooLong: `统计范围不能超过${ALARM_STATISTICS_MAX_DAYS}天`,
} as const;

/** Trend ranges: at most a year by day, a week by hour. */
export const ALARM_TREND_MAX_DAYS = 366;
export const ALARM_TREND_MAX_HOURLY_DAYS = 7;

/**
 * How an alarm list is ordered. `urgency` is what a control room works through: critical first,
 * then major, minor, events; within a severity unacknowledged before acknowledged before handled;
 * then the oldest first (it has waited longest).
 */
export const AlarmListSort = { newest: 'newest', urgency: 'urgency' } as const;
export type AlarmListSort = (typeof AlarmListSort)[keyof typeof AlarmListSort];

const ALARM_KINDS = Object.values(AlarmKind);
const KindLiteral = Type.Union(ALARM_KINDS.map((kind) => Type.Literal(kind)));
const StateLiteral = Type.Union(ALARM_STATES.map((state) => Type.Literal(state)));
const SeverityLiteral = Type.Union(ALARM_SEVERITIES.map((severity) => Type.Literal(severity)));

export const AlarmRecordListBody = Type.Object(
  {
    current: PageNumber,
    size: Type.Integer({ minimum: 1, maximum: 500 }),
    /** A device; absent means every device in scope. */
    boxId: Type.Optional(Id),
    /** Inclusive days in China. */
    startDate: Type.Optional(Day),
    endDate: Type.Optional(EndDay),
    handled: Type.Optional(Type.Boolean()),
    /**
     * Leave out `online` events (kind 6). A box's row linked to its gateway's alarm is no alarm: it is
     * listed only in that box's own history (boxId without alarmOnly) and with gatewayAlarmId.
     */
    alarmOnly: Type.Optional(Type.Boolean()),
    /** Any of these states; absent or empty: every state. */
    states: Type.Optional(Type.Array(StateLiteral, { maxItems: ALARM_STATES.length })),
    /** Any of these severities; an `online` event has none, so naming any leaves events out. */
    severities: Type.Optional(Type.Array(SeverityLiteral, { maxItems: ALARM_SEVERITIES.length })),
    /** Any of these kinds (AlarmKind). */
    types: Type.Optional(Type.Array(KindLiteral, { maxItems: ALARM_KINDS.length })),
    /** Stores or any organisation node (its sub-stores included). */
    customerIds: Type.Optional(IdList),
    /** The boxes linked to this gateway alarm (a gateway down: its silent boxes). */
    gatewayAlarmId: Type.Optional(Id),
    /** Default `newest`; see AlarmListSort. */
    sort: Type.Optional(Type.Union(Object.values(AlarmListSort).map((sort) => Type.Literal(sort)))),
  },
  { additionalProperties: false },
);
export type AlarmRecordListBody = Static<typeof AlarmRecordListBody>;

export const AlarmRecord = Type.Object({
  id: Type.Integer(),
  boxId: Type.Integer(),
  deviceName: Type.String(),
  deviceCode: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  type: KindLiteral,
  /** Readable, in the request's language (Accept-Language; Chinese by default), e.g. 触发捕鼠, 电量低于20%, 温度过高：41.5℃. */
  content: Type.String(),
  /** What content says, as a key and its parameters (alarm-contents.ts), for a client writing it in its own language. */
  contentKey: Type.String(),
  contentParams: AlarmContentParams,
  /** 'yyyy-MM-dd HH:mm:ss', China's wall time. */
  createTime: Type.String(),
  handled: Type.Boolean(),
  handledTime: Nullable(Type.String()),
  state: StateLiteral,
  /** Null for an `online` event. */
  severity: Nullable(SeverityLiteral),
  /** Reports of the same kind from the device while this alarm was open, after the first. */
  repeatCount: Type.Integer(),
  /** When it was last reported: createTime, or the last repeat's time. */
  lastTime: Type.String(),
  /** The name of the account that acknowledged it (handling an open alarm acknowledges it too). */
  ackBy: Nullable(Type.String()),
  ackTime: Nullable(Type.String()),
  /** The name of the account that handled it; null when the system closed it (the device came back online). */
  handledBy: Nullable(Type.String()),
  note: Nullable(Type.String()),
  /** Uploaded pictures of the handling. */
  pictures: Type.Array(Type.String()),
  /** Who is to deal with it, as staff typed the name. */
  assignee: Nullable(Type.String()),
  /** The gateway's alarm this one belongs to (a box silent because its gateway went down). */
  gatewayAlarmId: Nullable(Type.Integer()),
  /** Alarms linked to this one (a gateway's silent boxes). */
  linkedCount: Type.Integer(),
});
export type AlarmRecord = Static<typeof AlarmRecord>;
/** Newest first (createTime desc, id desc), or by urgency when asked. */
export const AlarmRecordListResponse = Envelope(Page(AlarmRecord));

export const AlarmTrendGranularity = { day: 'day', hour: 'hour' } as const;
export type AlarmTrendGranularity = (typeof AlarmTrendGranularity)[keyof typeof AlarmTrendGranularity];

export const AlarmTrendBody = Type.Object(
  {
    boxId: Type.Optional(Id),
    startDate: Day,
    endDate: EndDay,
    granularity: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('hour')])),
  },
  { additionalProperties: false },
);
export type AlarmTrendBody = Static<typeof AlarmTrendBody>;

/** One entry per bucket (empty ones included), in the order of dateList. */
export const AlarmTrend = Type.Object({
  /** 'yyyy-MM-dd', or 'yyyy-MM-dd HH:00' by hour. */
  dateList: Type.Array(Type.String()),
  /** Heartbeats received. */
  onlineCountList: Type.Array(Type.Integer()),
  highTemperatureCountList: Type.Array(Type.Integer()),
  /** Low-battery alarms. */
  electricityTrendCountList: Type.Array(Type.Integer()),
  maintainCountList: Type.Array(Type.Integer()),
  /** Every alarm: every kind but the `online` event. */
  alarmCountList: Type.Array(Type.Integer()),
  triggerCountList: Type.Array(Type.Integer()),
});
export type AlarmTrend = Static<typeof AlarmTrend>;
export const AlarmTrendResponse = Envelope(AlarmTrend);

/** The alarms an action applies to: ids outside the caller's scope are ignored. */
const AlarmIds = Type.Array(Id, { minItems: 1, maxItems: ALARM_ACTION_MAX_IDS });

export const AlarmAcknowledgeBody = Type.Object({ ids: AlarmIds }, { additionalProperties: false });
export type AlarmAcknowledgeBody = Static<typeof AlarmAcknowledgeBody>;

export const AlarmHandleBody = Type.Object(
  {
    ids: AlarmIds,
    /** What was done. */
    note: Text(ALARM_NOTE_MAX_LENGTH, { minLength: 1 }),
    /** URLs of pictures uploaded through the upload flow. */
    pictures: Type.Optional(Type.Array(Text(1000, { minLength: 1 }), { maxItems: ALARM_PICTURES_MAX })),
  },
  { additionalProperties: false },
);
export type AlarmHandleBody = Static<typeof AlarmHandleBody>;

export const AlarmAssignBody = Type.Object(
  {
    ids: AlarmIds,
    /** A technician's name; null takes the assignment away. */
    assignee: Nullable(Text(50, { minLength: 1 })),
  },
  { additionalProperties: false },
);
export type AlarmAssignBody = Static<typeof AlarmAssignBody>;

/** How many alarms the action changed; those already in the asked state, handled or out of scope are not counted. */
export const AlarmActionResponse = Envelope(Type.Object({ changed: Type.Integer() }));

/**
 * The same filters as the alarm list's (issue #35: the cards count what the tabs count): without
 * days, every alarm in scope; with them, those raised on these Beijing days, both included.
 */
export const AlarmStatisticsBody = Type.Object(
  {
    customerIds: Type.Optional(IdList),
    /** Either may be absent, as in the list: the range is then open on that side. */
    startDate: Type.Optional(Day),
    endDate: Type.Optional(EndDay),
    /** Any of these kinds; absent or empty: every kind. */
    types: Type.Optional(Type.Array(KindLiteral, { maxItems: ALARM_KINDS.length })),
    /** Any of these severities; absent or empty: every severity. */
    severities: Type.Optional(Type.Array(SeverityLiteral, { maxItems: ALARM_SEVERITIES.length })),
  },
  { additionalProperties: false },
);
export type AlarmStatisticsBody = Static<typeof AlarmStatisticsBody>;

/** Seconds; null when no alarm of the range has the clock. */
const Durations = Type.Object({ median: Nullable(Type.Number()), p90: Nullable(Type.Number()) });

/** Alarms (not `online` events) matching the filters, in scope. */
export const AlarmStatistics = Type.Object({
  /** Not yet acknowledged, by severity. */
  openBySeverity: Type.Object({ critical: Type.Integer(), major: Type.Integer(), minor: Type.Integer() }),
  acknowledged: Type.Integer(),
  handled: Type.Integer(),
  /** From raised to acknowledged (an alarm handled directly was acknowledged when handled). */
  timeToAcknowledge: Durations,
  /** From raised to handled, by staff or by the system. */
  timeToHandle: Durations,
  /** Seconds since the oldest alarm still open (not acknowledged) was raised; null when none is. */
  oldestOpenSeconds: Nullable(Type.Number()),
});
export type AlarmStatistics = Static<typeof AlarmStatistics>;
export const AlarmStatisticsResponse = Envelope(AlarmStatistics);
