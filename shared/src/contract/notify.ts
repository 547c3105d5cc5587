import { Type, type Static } from '@sinclair/typebox';
import { ALARM_SEVERITIES, AlarmKind } from './alarms.ts';
import { Day, EditVersion, EndDay, Id, IdList, Nullable, PageNumber, Text } from './common.ts';
import { Envelope } from './envelope.ts';
import { Page } from './filters.ts';
import { QUIET_HOURS_PATTERN } from '../rules/quietHours.ts';

/**
 * Notifications (issue 17): channels a message can go to, rules that say which alarms go where,
 * and the log of deliveries. A channel's secret is write-only: no answer carries it, only
 * `hasSecret`.
 */
const NOTIFY = '/api/admin/web/notify';
export const NotifyPaths = {
  channelList: `${NOTIFY}/channel/list`,
  channelSave: `${NOTIFY}/channel/save`,
  channelDelete: `${NOTIFY}/channel/delete`,
  channelTest: `${NOTIFY}/channel/test`,
  ruleList: `${NOTIFY}/rule/list`,
  ruleSave: `${NOTIFY}/rule/save`,
  ruleDelete: `${NOTIFY}/rule/delete`,
  deliveryList: `${NOTIFY}/delivery/list`,
} as const;

export const ChannelType = { wecom: 'wecom', dingtalk: 'dingtalk', email: 'email', webhook: 'webhook' } as const;
export type ChannelType = (typeof ChannelType)[keyof typeof ChannelType];
export const CHANNEL_TYPES: readonly ChannelType[] = Object.values(ChannelType);
export const CHANNEL_TYPE_LABELS: Record<ChannelType, string> = { wecom: '企业微信机器人', dingtalk: '钉钉机器人', email: '邮件', webhook: 'Webhook' };

/** `cancelled`: an escalation whose alarms were all acknowledged before it was due. */
export const DeliveryStatus = {
  pending: 'pending',
  sending: 'sending',
  sent: 'sent',
  retrying: 'retrying',
  failed: 'failed',
  cancelled: 'cancelled',
} as const;
export type DeliveryStatus = (typeof DeliveryStatus)[keyof typeof DeliveryStatus];
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = Object.values(DeliveryStatus);
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: '待发送',
  sending: '发送中',
  sent: '已发送',
  retrying: '重试中',
  failed: '发送失败',
  cancelled: '已取消',
};

/** Why a delivery was made: alarms raised (one, or a digest of several), an escalation, a 发送测试. */
export const DELIVERY_REASONS = ['alarm', 'escalation', 'test', 'contract'] as const;
export type DeliveryReason = (typeof DELIVERY_REASONS)[number];

export const NOTIFY_EMAIL_MAX_RECIPIENTS = 20;
export const ESCALATE_AFTER_MAX_MINUTES = 24 * 60;

export const NotifyMessages = {
  channelNotFound: '通知渠道不存在',
  ruleNotFound: '通知规则不存在',
  urlRequired: '请填写机器人或接收地址',
  recipientsRequired: '请填写收件人邮箱',
  channelInUse: '该渠道仍被通知规则使用，请先修改规则',
  scopeRefused: '只能为本账号可见的组织和门店设置通知规则',
  escalationIncomplete: '设置升级时须同时填写分钟数和升级渠道',
  emailNotConfigured: '服务器未配置发信邮箱（SMTP_URL）',
  urlMalformed: '地址格式不正确',
  urlCredentials: '地址不能包含用户名或密码',
  urlNotHttps: '地址必须使用 https；公司内网的接收地址如需使用 http，请联系部署本系统的服务器管理员在配置项 NOTIFY_ALLOWED_HOSTS 中放行该地址',
  urlPrivate: '地址指向内网或本机，为安全起见默认不允许发送；如需发往公司内网的机器人或接收地址，请联系部署本系统的服务器管理员在配置项 NOTIFY_ALLOWED_HOSTS 中放行该地址',
  urlUnresolvable: '无法解析该地址的域名',
  dnsTimeout: '域名解析超时',
  receiverTimeout: (seconds: number) => `接收方未在 ${seconds} 秒内响应，请确认地址正确、接收方正常运行`,
} as const;

const ChannelTypeLiteral = Type.Union(CHANNEL_TYPES.map((type) => Type.Literal(type)));
/** Loose on purpose: the SMTP server is the judge; this only catches a typo with no @ or domain. */
const Email = Type.String({ pattern: '^[^\\s@\\u0000]+@[^\\s@\\u0000]+\\.[^\\s@\\u0000]+$', maxLength: 254 });
/** Alarms, not the `online` event. */
const NOTIFIABLE_KINDS = Object.values(AlarmKind).filter((kind) => kind !== AlarmKind.online);
const KindList = Type.Array(Type.Union(NOTIFIABLE_KINDS.map((kind) => Type.Literal(kind))), { maxItems: NOTIFIABLE_KINDS.length });
const SeverityList = Type.Array(Type.Union(ALARM_SEVERITIES.map((severity) => Type.Literal(severity))), { maxItems: ALARM_SEVERITIES.length });

export const ChannelSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    version: Type.Optional(EditVersion),
    type: ChannelTypeLiteral,
    name: Text(50, { minLength: 1 }),
    /** The robot's or receiver's address (wecom, dingtalk, webhook). */
    url: Type.Optional(Text(1000, { minLength: 1 })),
    /**
     * DingTalk's signing secret, the webhook's HMAC key. Absent on an edit keeps the one set; an
     * empty string removes it.
     */
    secret: Type.Optional(Text(200)),
    /** Email recipients. */
    to: Type.Optional(Type.Array(Email, { minItems: 1, maxItems: NOTIFY_EMAIL_MAX_RECIPIENTS })),
  },
  { additionalProperties: false },
);
export type ChannelSaveBody = Static<typeof ChannelSaveBody>;

export const NotifyChannel = Type.Object({
  id: Type.Integer(),
  /** Sent back with an edit. */
  version: Type.Integer(),
  type: ChannelTypeLiteral,
  name: Type.String(),
  /** The address with any key or token in its query masked (key=••••). */
  url: Nullable(Type.String()),
  hasSecret: Type.Boolean(),
  to: Type.Array(Type.String()),
  /** The organisation it belongs to; null for the provider's own (admins'). */
  organisationId: Nullable(Type.Integer()),
  createTime: Type.String(),
});
export type NotifyChannel = Static<typeof NotifyChannel>;

export const NotifyIdBody = Type.Object({ id: Id }, { additionalProperties: false });
export type NotifyIdBody = Static<typeof NotifyIdBody>;

export const NotifyDeleteResponse = Envelope(Type.Null());
export const ChannelListResponse = Envelope(Type.Array(NotifyChannel));
export const ChannelResponse = Envelope(NotifyChannel);
/** What the receiver answered to a test message, or why it could not be sent. */
export const ChannelTestResult = Type.Object({
  ok: Type.Boolean(),
  /** The HTTP status, or null when none came (refused address, timeout, SMTP). */
  status: Nullable(Type.Integer()),
  /** The receiver's answer (first 500 characters) or the error. */
  detail: Type.String(),
});
export type ChannelTestResult = Static<typeof ChannelTestResult>;
export const ChannelTestResponse = Envelope(ChannelTestResult);

export const QuietHoursSchema = Type.Object(
  {
    start: Type.String({ pattern: QUIET_HOURS_PATTERN, description: 'HH:mm, China time' }),
    end: Type.String({ pattern: QUIET_HOURS_PATTERN, description: 'HH:mm; before start means the next morning' }),
    /** Critical alarms still go out during quiet hours. */
    exceptCritical: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const RuleSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    version: Type.Optional(EditVersion),
    name: Text(50, { minLength: 1 }),
    /** Organisations (or any node) whose alarms it covers, within the user's own scope. */
    customerIds: Type.Array(Id, { minItems: 1, maxItems: 500 }),
    /** Narrows to these stores. */
    storeIds: Type.Optional(IdList),
    /** Absent or empty: every kind / severity. */
    types: Type.Optional(KindList),
    severities: Type.Optional(SeverityList),
    quietHours: Type.Optional(Nullable(QuietHoursSchema)),
    channelIds: Type.Array(Id, { minItems: 1, maxItems: 20 }),
    /** Still unacknowledged after this many minutes: tell the escalation channels, once. */
    escalateAfterMinutes: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: ESCALATE_AFTER_MAX_MINUTES }))),
    escalationChannelIds: Type.Optional(Type.Array(Id, { maxItems: 20 })),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type RuleSaveBody = Static<typeof RuleSaveBody>;

export const NotifyRule = Type.Object({
  id: Type.Integer(),
  /** Sent back with an edit. */
  version: Type.Integer(),
  name: Type.String(),
  customerIds: Type.Array(Type.Integer()),
  /** The names of customerIds, in their order. */
  customerNames: Type.Array(Type.String()),
  storeIds: Type.Array(Type.Integer()),
  storeNames: Type.Array(Type.String()),
  types: KindList,
  severities: SeverityList,
  quietHours: Nullable(QuietHoursSchema),
  channelIds: Type.Array(Type.Integer()),
  escalateAfterMinutes: Nullable(Type.Integer()),
  escalationChannelIds: Type.Array(Type.Integer()),
  enabled: Type.Boolean(),
  organisationId: Nullable(Type.Integer()),
  createTime: Type.String(),
});
export type NotifyRule = Static<typeof NotifyRule>;
export const RuleListResponse = Envelope(Type.Array(NotifyRule));
export const RuleResponse = Envelope(NotifyRule);

export const DeliveryListBody = Type.Object(
  {
    current: PageNumber,
    size: Type.Integer({ minimum: 1, maximum: 100 }),
    status: Type.Optional(Type.Union(DELIVERY_STATUSES.map((status) => Type.Literal(status)))),
    channelId: Type.Optional(Id),
    startDate: Type.Optional(Day),
    endDate: Type.Optional(EndDay),
  },
  { additionalProperties: false },
);
export type DeliveryListBody = Static<typeof DeliveryListBody>;

export const NotifyDelivery = Type.Object({
  id: Type.Integer(),
  channelId: Type.Integer(),
  channelName: Type.String(),
  channelType: ChannelTypeLiteral,
  ruleName: Nullable(Type.String()),
  reason: Type.Union(DELIVERY_REASONS.map((reason) => Type.Literal(reason))),
  alarmIds: Type.Array(Type.Integer()),
  status: Type.Union(DELIVERY_STATUSES.map((status) => Type.Literal(status))),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  createTime: Type.String(),
  sentTime: Nullable(Type.String()),
  nextAttemptTime: Nullable(Type.String()),
});
export type NotifyDelivery = Static<typeof NotifyDelivery>;
export const DeliveryListResponse = Envelope(Page(NotifyDelivery));
