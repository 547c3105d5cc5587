import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Day, EndDay, Id, PageNumber } from './common.ts';
import { Envelope } from './envelope.ts';
import { Page } from './filters.ts';

/**
 * Device events and alarms (console-spec sections 4 and 7 "Devices"): their kinds, the alarm record
 * list and the alarm trend. Their paths are in DevicePaths (devices.ts), beside the device calls.
 */
/** Event and alarm record types. `online` is an event, not an alarm: it is recorded already handled. */
export const AlarmKind = { offline: 1, highTemperature: 2, lowBattery: 3, maintain: 4, trigger: 5, online: 6 } as const;
export type AlarmKind = (typeof AlarmKind)[keyof typeof AlarmKind];
export const ALARM_KIND_LABELS: Record<AlarmKind, string> = {
  1: '设备离线',
  2: '温度过高',
  3: '电量低',
  4: '需要维护',
  5: '触发捕鼠',
  6: '设备上线',
};

/** Trend ranges: at most a year by day, a week by hour. */
export const ALARM_TREND_MAX_DAYS = 366;
export const ALARM_TREND_MAX_HOURLY_DAYS = 7;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

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
    /** Leave out `online` events (kind 6). */
    alarmOnly: Type.Optional(Type.Boolean()),
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
  type: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(5), Type.Literal(6)]),
  /** Readable Chinese, e.g. 触发捕鼠, 电量低于20%, 温度过高：41.5℃. */
  content: Type.String(),
  /** 'yyyy-MM-dd HH:mm:ss', China's wall time. */
  createTime: Type.String(),
  handled: Type.Boolean(),
  handledTime: Nullable(Type.String()),
});
export type AlarmRecord = Static<typeof AlarmRecord>;
/** Newest first (createTime desc, id desc). */
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
  /** Every alarm, kinds 1–5. */
  alarmCountList: Type.Array(Type.Integer()),
  triggerCountList: Type.Array(Type.Integer()),
});
export type AlarmTrend = Static<typeof AlarmTrend>;
export const AlarmTrendResponse = Envelope(AlarmTrend);
