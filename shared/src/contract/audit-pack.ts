import { Type, type Static } from '@sinclair/typebox';
import { Day, EndDay, Id, Nullable } from './common.ts';
import { Envelope } from './envelope.ts';

/**
 * The audit pack (审计资料包, issue 22): one zip with what a food-safety auditor asks for, for a
 * store or several over a period. The request starts a background job; its progress is polled
 * (status) and pushed live; the finished zip is downloaded through a signed, expiring link.
 */
const AUDIT_PACK = '/api/admin/web/auditPack';
export const AuditPackPaths = {
  create: `${AUDIT_PACK}/create`,
  status: `${AUDIT_PACK}/status`,
  list: `${AUDIT_PACK}/list`,
  cancel: `${AUDIT_PACK}/cancel`,
  /** The zip: `${file}/{id}.zip?expires=…&viewer=…&signature=…` (the link in a finished status). */
  file: `${AUDIT_PACK}/file`,
} as const;

/** The pack's parts, in the zip's order; each names its file or folder. */
export const AUDIT_PACK_SECTIONS = [
  'cover',
  'plan',
  'floorPlans',
  'serviceReports',
  'pointChecks',
  'trends',
  'rectification',
  'materials',
  'devices',
  'documents',
] as const;
export type AuditPackSection = (typeof AUDIT_PACK_SECTIONS)[number];
export const AUDIT_PACK_SECTION_FILES: Record<AuditPackSection, string> = {
  cover: '00-封面与目录.pdf',
  plan: '01-虫害管理方案.pdf',
  floorPlans: '02-点位布局图',
  serviceReports: '03-服务报告',
  pointChecks: '04-点检记录.xlsx',
  trends: '05-趋势分析.pdf',
  rectification: '06-整改记录',
  materials: '07-用药记录.xlsx',
  devices: '08-设备监测.pdf',
  documents: '09-资质文件',
};

/** A pack covers at most this many days (issue 22: at most 400). */
export const AUDIT_PACK_MAX_DAYS = 400;
/** Customers (stores, organisations, groups) one request may name. */
export const AUDIT_PACK_MAX_CUSTOMERS = 50;
/** Stores one pack holds unless AUDIT_PACK_MAX_STORES says otherwise: a year of 50 stores is a few thousand PDFs. */
export const DEFAULT_AUDIT_PACK_MAX_STORES = 50;

export const AuditPackCreateBody = Type.Object(
  {
    /** Stores, or organisations and groups standing for their stores (each store gets its folder when there are several). */
    customerIds: Type.Array(Id, { minItems: 1, maxItems: AUDIT_PACK_MAX_CUSTOMERS }),
    startDate: Day,
    endDate: EndDay,
    /** Absent: every section; the cover is always included. */
    sections: Type.Optional(Type.Array(Type.Union(AUDIT_PACK_SECTIONS.map((section) => Type.Literal(section))), { minItems: 1, maxItems: AUDIT_PACK_SECTIONS.length })),
  },
  { additionalProperties: false },
);
export type AuditPackCreateBody = Static<typeof AuditPackCreateBody>;
export const AuditPackIdBody = Type.Object({ id: Id }, { additionalProperties: false });
export type AuditPackIdBody = Static<typeof AuditPackIdBody>;

export const AuditPackState = { queued: 'queued', running: 'running', done: 'done', failed: 'failed', cancelled: 'cancelled' } as const;
export type AuditPackState = (typeof AuditPackState)[keyof typeof AuditPackState];
export const AUDIT_PACK_STATE_LABELS: Record<AuditPackState, string> = {
  queued: '排队中',
  running: '生成中',
  done: '已完成',
  failed: '生成失败',
  cancelled: '已取消',
};

export const AuditPackStatus = Type.Object({
  id: Type.Integer(),
  state: Type.Union(Object.values(AuditPackState).map((state) => Type.Literal(state))),
  /** The section being built (its file name), null before the first and after the last. */
  step: Nullable(Type.String()),
  done: Type.Integer(),
  total: Type.Integer(),
  customerNames: Type.Array(Type.String()),
  startDate: Type.String(),
  endDate: Type.String(),
  sections: Type.Array(Type.String()),
  createdAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  /** Why it failed, in words for the user. */
  error: Nullable(Type.String()),
  /** The zip's size in bytes, once done. */
  bytes: Nullable(Type.Integer()),
  /** A signed link valid for an hour (a newer status gives a fresh one), once done. */
  downloadUrl: Nullable(Type.String()),
});
export type AuditPackStatus = Static<typeof AuditPackStatus>;
export const AuditPackStatusResponse = Envelope(AuditPackStatus);
export const AuditPackListResponse = Envelope(Type.Array(AuditPackStatus));

export const AuditPackMessages = {
  notFound: '审计资料包不存在',
  fileMissing: '审计资料包的文件已不存在，请重新生成',
  tooLong: `审计资料包的时间范围不能超过${AUDIT_PACK_MAX_DAYS}天`,
  endBeforeStart: '结束日期不能早于开始日期',
  storeOutOfScope: '所选门店不存在或超出您的权限范围',
  noStores: '所选范围内没有门店',
  tooManyStores: (limit: number) => `一个审计资料包最多包含${limit}家门店，请缩小范围`,
  linkInvalid: '下载链接无效或已过期，请重新获取',
  /** The builder stopped without finishing twice (a crash, not a graceful restart, which hands the pack back). */
  interrupted: '生成过程多次意外中断，已停止，请重新生成',
  notCancellable: '该资料包已完成，无法取消',
} as const;
