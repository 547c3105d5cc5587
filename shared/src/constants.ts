/** Business constants and limits (console-spec section 9). One place for each. */

export const API_BASE = '/api';
/** Where the reference backend serves its OpenAPI docs, and the gateway passes them through. */
export const API_DOCS_BASE = '/api-docs';
export const REQUEST_TIMEOUT_MS = 20_000;
export const TOAST_DURATION_MS = 5_000;

export const TOKEN_COOKIE = 'Admin-Token';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const LANGUAGE_COOKIE = 'language';

/** The spec's two hard-coded admin user ids; the server reads ADMIN_USER_IDS to override. */
export const DEFAULT_ADMIN_USER_IDS: readonly number[] = [1, 2];

export const REGION_ROOT_ID = 100000;

/** The console's 告警中心, where notifications link to (the console's route table uses it too). */
export const ALARM_CENTER_PATH = '/equipment/alarmCenter';
/** The console's 合同 list, where a renewal notice sends its reader. */
export const CONTRACT_LIST_PATH = '/contract/list';

/** Where the gateway serves the wallboard and the console's big-screen link goes by default. */
export const WALLBOARD_BASE = '/wallboard/';

/**
 * Every day, hour and wall-clock time the product shows or filters by is China's, whatever zone
 * the server, database or browser runs in: the customers' stores are all there.
 */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';
/** China has kept UTC+8 all year since 1991, so a fixed offset is exact for the product's dates. */
export const CHINA_UTC_OFFSET = '+08:00';
export const CHINA_UTC_OFFSET_MS = 8 * 3_600_000;

export const Pagination = {
  defaultPage: 1,
  defaultSize: 10,
  deviceListSizes: [10, 20, 30, 50],
  genericSizes: [50, 100, 200, 500, 1000, 5000, 9999],
  genericDefaultLimit: 20,
  jobOrderSize: 500,
  customerDropdownSize: 50,
  eventListSize: 10,
} as const;

export const Layout = {
  sidebarWidth: 210,
  mobileBreakpoint: 992,
  defaultThemeColor: '#409EFF',
  tableHeight: 500,
  chartHeight: 450,
  yearlyChartHeight: 300,
  riskDialogWidth: 1000,
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const UPLOAD_MAX_BYTES = 3 * 1024 * 1024;
