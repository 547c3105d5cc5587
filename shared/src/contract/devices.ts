import { Type, type Static } from '@sinclair/typebox';
import { ALARM_TREND_MAX_DAYS, ALARM_TREND_MAX_HOURLY_DAYS } from './alarms.ts';
import { EditVersion, Id, IdList, Nullable, PageNumber, QueryId, Text } from './common.ts';
import { Envelope } from './envelope.ts';
import { Page } from './filters.ts';

/**
 * Smart devices (console-spec sections 3, 4, 7 "Devices" and 9): rodent boxes and LoRa gateways,
 * their placement on a plan's floor plan; their events and alarms are in alarms.ts, the signed
 * device report in device-report.ts. Statistics, store status and the device report are this
 * product's extensions (the live hub and the wallboard poll them). DevicePaths names every call
 * of these screens, the alarm calls included.
 */
const MOUSE_BOX = '/api/admin/web/mouseBox';
const ALARM_RECORD = '/api/admin/alarmRecord/web';
export const DevicePaths = {
  list: `${MOUSE_BOX}/getMouseBoxList`,
  get: `${MOUSE_BOX}/getMouseBox`,
  edit: `${MOUSE_BOX}/editMouseBox`,
  detail: `${MOUSE_BOX}/getMouseBoxDetailedData`,
  template: `${MOUSE_BOX}/getUploadMouseBoxDownUrl`,
  statistics: `${MOUSE_BOX}/getMouseBoxStatistics`,
  storeStatus: `${MOUSE_BOX}/getStoreStatusList`,
  alarmList: `${ALARM_RECORD}/getAlarmRecordList`,
  alarmTrend: `${ALARM_RECORD}/getAlarmTrendList`,
  /** Public: a device (or its gateway) signs the body with the device's secret (see DeviceReportHeaders). */
  report: '/api/device/report',
  /** Provider staff: a new secret for a device, answered this once; the old one stops working at once. */
  rotateSecret: `${MOUSE_BOX}/rotateSecret`,
} as const;

/** The device row's deviceType (section 3). */
export const DeviceKind = { nbIotRodentBox: 1, loraRodentBox: 2, loraGateway: 3 } as const;
export type DeviceKind = (typeof DeviceKind)[keyof typeof DeviceKind];
/**
 * The kinds' one Chinese spelling, for every screen, filter and file. The spec names them only in
 * English (NBIOT rodent box, LORA rodent box, LORA gateway); no space between Latin and Chinese, as
 * the device-type catalogue writes 'LoRa网关'.
 */
export const DEVICE_KIND_LABELS: Record<DeviceKind, string> = { 1: 'NB-IoT鼠盒', 2: 'LoRa鼠盒', 3: 'LoRa网关' };

/** Device status (section 4). */
export const DeviceStatus = { offline: 1, online: 2, fault: 3 } as const;
export type DeviceStatus = (typeof DeviceStatus)[keyof typeof DeviceStatus];
export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = { 1: '离线', 2: '在线', 3: '故障' };
/**
 * The search form offers offline and online (section 4), then fault (issue #35: a device in fault
 * could not be found; the spec's two stay first).
 */
export const DEVICE_STATUS_FILTER_OPTIONS: readonly DeviceStatus[] = [DeviceStatus.offline, DeviceStatus.online, DeviceStatus.fault];

/** Field limits of editMouseBox (see rules/deviceEdit.ts for the messages). */
export const DeviceEditLimits = { deviceName: 50, technicalSupport: 50, remark: 200 } as const;

/** Envelope messages of the device calls. */
export const DeviceMessages = {
  deviceNotFound: '设备不存在',
  placementNotFound: '该设备未绑定点位',
  badSignature: '签名无效',
  reportReplayed: '重复上报：该签名的报文已被接受',
  unknownDevice: '设备编号不存在',
  imageUrlNotOurs: '设备图片必须是本系统上传的图片地址',
  imageUrlNotYours: '设备图片只能使用本人上传的图片',
  trendRangeTooLong: `统计范围不能超过${ALARM_TREND_MAX_DAYS}天`,
  hourlyTrendRangeTooLong: `按小时统计的范围不能超过${ALARM_TREND_MAX_HOURLY_DAYS}天`,
  dateRangeReversed: '开始日期不能晚于结束日期',
  badDate: '日期无效',
} as const;

const KindLiteral = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
const StatusLiteral = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

export const DeviceFilters = Type.Object(
  {
    /** Case-insensitive substring of deviceName, deviceCode, deviceNo or imei. */
    name: Type.Optional(Text(64)),
    deviceType: Type.Optional(KindLiteral),
    status: Type.Optional(StatusLiteral),
    /** Power at most this percent: 10, 20, … 100. */
    remainingPower: Type.Optional(Type.Integer({ minimum: 10, maximum: 100, multipleOf: 10 })),
    /** Stores or any organisation node (its sub-stores included). */
    customerIds: Type.Optional(IdList),
    /** Sales areas (大区) of the stores. */
    areaIds: Type.Optional(IdList),
    hasUnHandleAlarm: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DeviceFilters = Static<typeof DeviceFilters>;

export const DeviceListBody = Type.Object(
  {
    current: PageNumber,
    size: Type.Integer({ minimum: 1, maximum: 5000 }),
    isCustomer: Type.Optional(Type.Boolean()),
    filters: Type.Optional(DeviceFilters),
  },
  { additionalProperties: false },
);
export type DeviceListBody = Static<typeof DeviceListBody>;

const DeviceRowFields = {
  id: Type.Integer(),
  deviceCode: Type.String(),
  deviceNo: Type.String(),
  deviceName: Type.String(),
  deviceType: KindLiteral,
  /** The store the device is installed at. */
  customerId: Type.Integer(),
  customerName: Type.String(),
  /** The store's sales area (大区). */
  areaName: Nullable(Type.String()),
  imei: Nullable(Type.String()),
  imsi: Nullable(Type.String()),
  iccid: Nullable(Type.String()),
  /** Percent, 0–100. */
  /** Percent; null until the device's first report. */
  remainingPower: Nullable(Type.Integer()),
  /** '' when none is recorded. */
  supplierName: Type.String(),
  technicalSupport: Type.String(),
  status: StatusLiteral,
  hasUnHandleAlarm: Type.Boolean(),
  /** 'yyyy-MM-dd HH:mm:ss', China's wall time (CHINA_TIME_ZONE). */
  /** Null until the device's first report. */
  lastCommunicationDate: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  /** ℃, the last reading; null before any. */
  temperature: Nullable(Type.Number()),
  /** dBm, the last reading; null before any. */
  signal: Nullable(Type.Integer()),
};
export const DeviceRow = Type.Object(DeviceRowFields);
export type DeviceRow = Static<typeof DeviceRow>;
export const DeviceListResponse = Envelope(Page(DeviceRow));

export const DeviceIdQuery = Type.Object({ id: QueryId });
export type DeviceIdQuery = Static<typeof DeviceIdQuery>;

/** Where the device is installed (the bind-info page). */
export const DeviceBinding = Type.Object({
  organisationName: Type.String(),
  storeName: Type.String(),
  storeAddress: Nullable(Type.String()),
  planName: Type.String(),
  regionName: Type.String(),
  pointCode: Type.String(),
});
export type DeviceBinding = Static<typeof DeviceBinding>;

export const DeviceInfo = Type.Object({
  ...DeviceRowFields,
  /** A picture of the installed device, uploaded through the OSS flow. */
  imageUrl: Nullable(Type.String()),
  /** Null when the device is not placed at a point. */
  binding: Nullable(DeviceBinding),
  /** Its device type in the catalogue: a point it is bound to has the same. */
  deviceTypeId: Type.Integer(),
  /** Retired (设备停用): out of the lists, its reports refused; kept for its history. */
  retired: Type.Boolean(),
  /** LoRaWAN: how network servers name it; null when it has none. */
  devEui: Nullable(Type.String()),
  /** Its model (设备型号): the codec that decodes its uplinks and its report interval. */
  modelId: Nullable(Type.Integer()),
  /** Sent back with an edit. */
  version: Type.Integer(),
});
export type DeviceInfo = Static<typeof DeviceInfo>;
export const DeviceInfoResponse = Envelope(DeviceInfo);

/**
 * editMouseBox. Types are checked by the schema; lengths and the image's origin by
 * `deviceEditProblem` (rules/deviceEdit.ts) and the server, with a Chinese message naming the field.
 */
export const DeviceEditBody = Type.Object(
  {
    id: Id,
    version: Type.Optional(EditVersion),
    // Bounded loosely here: deviceEditProblem names the field and its real limit (DeviceEditLimits).
    deviceName: Text(1000),
    technicalSupport: Type.Optional(Text(1000)),
    remark: Type.Optional(Text(1000)),
    /** A URL our object storage served; null clears the picture. */
    imageUrl: Type.Optional(Nullable(Text(2048))),
  },
  { additionalProperties: false },
);
export type DeviceEditBody = Static<typeof DeviceEditBody>;

export const PlacementPoint = Type.Object({
  id: Type.Integer(),
  deviceId: Nullable(Type.Integer()),
  serveCode: Type.String(),
  x: Type.Integer(),
  y: Type.Integer(),
  status: Nullable(StatusLiteral),
  deviceName: Nullable(Type.String()),
});
export type PlacementPoint = Static<typeof PlacementPoint>;

/**
 * A text printed in the floor plan image (a room's or a wing's name, a note), as the box it covers
 * in the image's pixels: the map keeps the points' labels off it.
 */
export const PlanTextBox = Type.Object({
  text: Type.String(),
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
});
export type PlanTextBox = Static<typeof PlanTextBox>;

/** getMouseBoxDetailedData: the plan's floor plan and every point on it, this device's included. */
export const DevicePlacement = Type.Object({
  /** The floor plan (SVG), loadable by <img> without a bearer header. */
  url: Type.String(),
  /** The image's pixel size; x and y are in these pixels. */
  width: Type.Integer(),
  height: Type.Integer(),
  x: Type.Integer(),
  y: Type.Integer(),
  /** This device's point code. */
  serveCode: Type.String(),
  points: Type.Array(PlacementPoint),
  /**
   * Extension: where the image prints its texts. An upstream that cannot say leaves it out, and
   * the labels then only avoid each other and the points.
   */
  texts: Type.Optional(Type.Array(PlanTextBox)),
});
export type DevicePlacement = Static<typeof DevicePlacement>;

/** A service plan's floor plan, for placing its points (服务配置): the image and the texts it prints. */
export const PlanFloorPlan = Type.Composite([
  Type.Pick(DevicePlacement, ['url', 'width', 'height', 'texts']),
  /** An uploaded image (url is its signed link), not the drawing of the plan's regions. */
  Type.Object({ uploaded: Type.Boolean() }),
]);
export type PlanFloorPlan = Static<typeof PlanFloorPlan>;
export const PlanFloorPlanResponse = Envelope(PlanFloorPlan);
export const PlanFloorPlanBody = Type.Object({ planId: Id }, { additionalProperties: false });
export const DevicePlacementResponse = Envelope(DevicePlacement);

/** getUploadMouseBoxDownUrl: the URL of the device-import template (xlsx). */
export const DeviceTemplateResponse = Envelope(Type.String());

export const DeviceFiltersBody = Type.Object({ filters: Type.Optional(DeviceFilters) }, { additionalProperties: false });
export type DeviceFiltersBody = Static<typeof DeviceFiltersBody>;

export const MouseBoxStatistics = Type.Object({
  total: Type.Integer(),
  online: Type.Integer(),
  offline: Type.Integer(),
  fault: Type.Integer(),
  /** Power at or below LOW_BATTERY_PERCENT. */
  lowBattery: Type.Integer(),
  /** Devices with an unhandled alarm. */
  unhandledAlarm: Type.Integer(),
  /** Alarm records (kinds 1–5) created today in China. */
  alarmsToday: Type.Integer(),
});
export type MouseBoxStatistics = Static<typeof MouseBoxStatistics>;
export const MouseBoxStatisticsResponse = Envelope(MouseBoxStatistics);

export const StoreStatus = Type.Object({
  customerId: Type.Integer(),
  storeName: Type.String(),
  organisationName: Type.String(),
  provinceName: Nullable(Type.String()),
  cityName: Nullable(Type.String()),
  total: Type.Integer(),
  online: Type.Integer(),
  offline: Type.Integer(),
  fault: Type.Integer(),
  unhandledAlarm: Type.Integer(),
  /** Its devices' alarms not yet handled, by severity: what the control room must act on now (the wallboard's map). */
  openCritical: Type.Integer(),
  /** Not counting a box's own offline alarm: `offline` already says that, and one silent box among many is no emergency. */
  openMajor: Type.Integer(),
  /** When the oldest of those critical and major alarms was raised (China time, 'yyyy-MM-dd HH:mm:ss'); null without any. */
  oldestOpenAlarmAt: Nullable(Type.String()),
  /** Boxes gone dark behind its gateways' unhandled offline alarms: the blast radius of those outages. */
  darkBoxes: Type.Integer(),
});
export type StoreStatus = Static<typeof StoreStatus>;
export const StoreStatusResponse = Envelope(Type.Array(StoreStatus));

export const DeviceSecretBody = Type.Object({ id: Id }, { additionalProperties: false });
export type DeviceSecretBody = Static<typeof DeviceSecretBody>;

/**
 * A device's new secret, shown this once (no other answer ever holds it), and how its reports carry
 * the signature made with it.
 */
export const DeviceSecret = Type.Object({
  secret: Type.String(),
  deviceNo: Type.String(),
  /** The headers a report carries: the device's number, and `sha256=` + the hex HMAC-SHA256 of the raw body under the secret. */
  headers: Type.Object({ deviceNo: Type.String(), signature: Type.String() }),
});
export type DeviceSecret = Static<typeof DeviceSecret>;
export const DeviceSecretResponse = Envelope(DeviceSecret);
