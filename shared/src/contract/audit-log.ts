import { Type, type Static } from '@sinclair/typebox';
import { DayTime, EndDayTime, Id, Nullable, PageNumber, Text } from './common.ts';
import { Envelope } from './envelope.ts';
import { Page } from './filters.ts';

/**
 * 操作日志 (系统): every write, who made it (account and address), when, to which object, and what
 * changed, before and after, secrets masked. Nobody changes or deletes an entry. Provider staff read
 * every entry; a customer's manager reads those about the data of their part of the customer tree.
 */
export const AuditLogPaths = {
  list: '/api/admin/web/system/auditLog/list',
  /** The entries the list's filters find, every page, as an xlsx. */
  export: '/api/admin/web/system/auditLog/export',
} as const;

/** What an entry is about: the kinds of record the product writes. */
export const AuditObjectType = {
  providerDocument: 'providerDocument',
  notifyChannel: 'notifyChannel',
  notifyRule: 'notifyRule',
  displayLink: 'displayLink',
  device: 'device',
  alarm: 'alarm',
  user: 'user',
  customer: 'customer',
  servicePlan: 'servicePlan',
  serviceRegion: 'serviceRegion',
  point: 'point',
  role: 'role',
  deviceModel: 'deviceModel',
  integration: 'integration',
  visit: 'visit',
  material: 'material',
  contract: 'contract',
  content: 'content',
} as const;
export type AuditObjectType = (typeof AuditObjectType)[keyof typeof AuditObjectType];

export const AuditAction = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  revoke: 'revoke',
  acknowledge: 'acknowledge',
  handle: 'handle',
  assign: 'assign',
  suspend: 'suspend',
  resume: 'resume',
  retire: 'retire',
  disable: 'disable',
  enable: 'enable',
  resetPassword: 'resetPassword',
  cancel: 'cancel',
  /** A technician started or finished a visit in the field app. */
  start: 'start',
  finish: 'finish',
  /** A notice or article taken back from its readers (撤回), kept. */
  withdraw: 'withdraw',
  /** A contract took effect (its stores' plans follow it) or was ended early. */
  activate: 'activate',
  terminate: 'terminate',
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];

/** What a secret's value is shown as in an entry: that it changed, never what it was. */
export const MASKED_SECRET = '******';

export const AuditLogListBody = Type.Object(
  {
    current: PageNumber,
    size: Type.Integer({ minimum: 1, maximum: 100 }),
    userId: Type.Optional(Id),
    objectType: Type.Optional(Type.Union(Object.values(AuditObjectType).map((type) => Type.Literal(type)))),
    objectId: Type.Optional(Text(40, { minLength: 1 })),
    startTime: Type.Optional(DayTime),
    endTime: Type.Optional(EndDayTime),
  },
  { additionalProperties: false },
);
export type AuditLogListBody = Static<typeof AuditLogListBody>;

export const AuditLogExportBody = Type.Omit(AuditLogListBody, ['current', 'size'], { additionalProperties: false });
export type AuditLogExportBody = Static<typeof AuditLogExportBody>;

export const AuditChange = Type.Object({ before: Type.Unknown(), after: Type.Unknown() });
export type AuditChange = Static<typeof AuditChange>;

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  /** yyyy-MM-dd HH:mm:ss, China time. */
  time: Type.String(),
  userId: Nullable(Type.Integer()),
  userName: Type.String(),
  /** The client's address as the gateway saw it. */
  address: Type.String(),
  objectType: Type.String(),
  objectId: Type.String(),
  action: Type.String(),
  /** Field by field; a created object's fields have before null, a deleted one's after null. */
  changes: Type.Record(Type.String(), AuditChange),
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditLogListResponse = Envelope(Page(AuditEntry));
