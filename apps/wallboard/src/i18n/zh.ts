import { DisplayMessages } from '@pest/shared';

/** Chinese, the board's default language and the shape every other language follows. */
export const zh = {
  title: '有害生物防治监控大屏',
  /** The browser tab and window title: the organisation (or display link) the screen shows. */
  documentTitle: '{{name}} · 大屏',
  connection: {
    connecting: '正在连接',
    live: '实时',
    reconnecting: '重新连接中',
    stale: '数据未更新',
    age: '数据 {{age}}前',
  },
  age: { seconds: '{{count}} 秒', minutes: '{{count}} 分钟', hours: '{{count}} 小时', days: '{{count}} 天' },
  kpi: {
    title: '设备概况',
    total: '设备总数',
    online: '在线',
    offline: '离线',
    fault: '故障',
    lowBattery: '低电量',
    alarmsToday: '今日告警',
    unhandledAlarm: '未处理告警',
    unacknowledged: '未确认',
    ackMedianToday: '今日确认用时中位数',
  },
  duration: { days: '{{count}}天', hours: '{{count}}小时', minutes: '{{count}}分', seconds: '{{count}}秒', separator: '' },
  feed: {
    title: '待处理告警',
    total: '共 {{total}} 条',
    empty: '暂无待处理告警',
    acknowledged: '已确认',
    acknowledgedBy: '{{name}} 已确认',
    linked: '{{count}} 台设备随之失联',
    repeats: '×{{count}}',
    repeatsTitle: '共上报 {{count}} 次',
    justNow: '刚刚',
    minutes: '{{count}}分钟前',
    hours: '{{count}}小时前',
    days: '{{count}}天前',
    announce: '新告警',
  },
  trend: {
    title24h: '近24小时告警趋势',
    title7d: '近7天告警趋势',
    alarms: '告警',
    triggers: '触发捕鼠',
  },
  map: {
    title: '门店分布与状态',
    legend: { critical: '紧急告警', major: '重要告警', offline: '离线 ≥{{percent}}%', calm: '无需处理', none: '无门店' },
    figure: { critical: '紧急', major: '重要', offline: '离线率' },
    dark: '{{count}} 台失联',
    darkLine: '网关离线：{{count}} 台设备随之失联',
    storeOffline: '离线 {{percent}}%',
    calm: '{{count}} 家门店，暂无需要处理的事项',
    unknownPlace: '未知地区',
  },
  activity: {
    title: '今日服务',
    titleOnDay: '最近服务日 {{day}}',
    inProgress: '进行中',
    done: '已完成',
    upcoming: '待开始',
    overdue: '本周逾期 {{count}} 单',
    topStores: '本周服务最多的门店',
    weekRange: '{{from}} 至 {{to}}',
    visits: '{{count}}次',
    none: '暂无工单',
  },
  notice: { title: '最新通知' },
  noData: '暂无数据',
  code: {
    title: '输入大屏短码',
    hint: '大屏短码在管理后台的“大屏链接”页面：新建链接或再次复制链接时显示，共 12 位。',
    label: '大屏短码',
    submit: '打开大屏',
    checking: '正在核对…',
    format: '短码共 {{length}} 位字母和数字，请核对后重新输入',
    unknown: DisplayMessages.codeUnknown,
    tooMany: '尝试次数过多，请一分钟后再试',
    unreachable: '无法连接服务器，请稍后重试',
    staff: '工作人员请登录管理后台，点击顶部导航栏的“大屏”按钮，即可在新窗口中打开本页面。',
  },
  problem: {
    rejectedTitle: '登录凭证无效或已过期',
    rejectedBody: '请在管理后台重新登录，然后点击顶部导航栏的“大屏”按钮重新打开本页面。',
    retrying: '本页面会每隔 {{seconds}} 秒自动重试。',
  },
  display: {
    scopeOf: '{{index}}/{{count}}',
    revokedTitle: DisplayMessages.revoked,
    expiredTitle: DisplayMessages.expired,
    unknownTitle: DisplayMessages.notFound,
    linkName: '链接名称：{{name}}',
    advice: '请联系服务商的工作人员，在管理后台的“大屏链接”页面新建一个大屏链接，然后在这台电视上打开它的网址。',
    expiredAdvice: '请联系服务商的工作人员，在管理后台的“大屏链接”页面延长此链接的有效期，或新建一个大屏链接并在这台电视上打开它的网址。',
    checking: '有效期延长后，本页面会自动恢复显示（每 {{seconds}} 秒检查一次）。',
  },
};

/**
 * Chinese has one plural form, so the Chinese key serves every count. Another language adds
 * `<key>_one` for its singular (i18next's plural suffix), its plain key staying the other forms.
 */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> } & {
  [K in keyof T as T[K] extends string ? `${K & string}_one` : never]?: string;
};
export type Resources = Shape<typeof zh>;
