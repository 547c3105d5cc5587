import { Type, type Static } from '@sinclair/typebox';
import { EditVersion, Id, Nullable, PageNumber, QueryId, Text } from './common.ts';
import { Envelope } from './envelope.ts';

/**
 * 内容 (issue 41): notices (通知公告) and knowledge articles (知识文章) the provider's staff write
 * in a rich-text editor and publish to chosen organisations or to all. Customers' managers read
 * those published to their organisation; the console marks the notices not yet read, and the
 * wallboard shows the latest notice's title. The HTML is sanitised by the server, on save and again
 * as it is read; nothing is deleted: a withdrawn item is kept.
 */
export const ContentPaths = {
  list: '/api/admin/web/content/list',
  save: '/api/admin/web/content/save',
  detail: '/api/admin/web/content/detail',
  withdraw: '/api/admin/web/content/withdraw',
  unread: '/api/admin/web/content/unread',
  latestNotice: '/api/admin/web/content/latestNotice',
} as const;

export const ContentKind = { notice: 'notice', article: 'article' } as const;
export type ContentKind = (typeof ContentKind)[keyof typeof ContentKind];
const ContentKindSchema = Type.Union(Object.values(ContentKind).map((kind) => Type.Literal(kind)));

/** Where an item stands: written, not yet out; out to its readers; taken back (kept, read by no one but its editors). */
export const ContentState = { draft: 'draft', published: 'published', withdrawn: 'withdrawn' } as const;
export type ContentState = (typeof ContentState)[keyof typeof ContentState];
const ContentStateSchema = Type.Union(Object.values(ContentState).map((state) => Type.Literal(state)));

/** `html`: characters as the editor sends them (images are links, never inline data). */
export const ContentLimits = { title: 100, html: 200_000, customers: 200, excerpt: 120 } as const;

export const ContentListBody = Type.Object(
  {
    current: PageNumber,
    size: Type.Integer({ minimum: 1, maximum: 100 }),
    kind: Type.Optional(ContentKindSchema),
    /** Only for those who manage content: a reader sees the published ones alone. */
    state: Type.Optional(ContentStateSchema),
  },
  { additionalProperties: false },
);
export type ContentListBody = Static<typeof ContentListBody>;

export const ContentCustomer = Type.Object({ id: Type.Integer(), name: Type.String() });
export type ContentCustomer = Static<typeof ContentCustomer>;

export const ContentItem = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  kind: ContentKindSchema,
  title: Type.String(),
  /** The organisations it is published to; null: every customer. */
  customers: Nullable(Type.Array(ContentCustomer)),
  state: ContentStateSchema,
  /** yyyy-MM-dd HH:mm:ss (Beijing) of its last publishing; null for a draft. */
  publishedAt: Nullable(Type.String()),
  withdrawnAt: Nullable(Type.String()),
  updatedAt: Type.String(),
  authorName: Type.String(),
  /** Whether the caller has opened it (a draft or the caller's own counts as read). */
  read: Type.Boolean(),
});
export type ContentItem = Static<typeof ContentItem>;
export const ContentListResponse = Envelope(Type.Object({ total: Type.Integer(), records: Type.Array(ContentItem) }));

export const ContentDetail = Type.Composite([
  ContentItem,
  Type.Object({
    /** Sanitised by the server (its allow-list); our images as links for this viewer. The only HTML a client may render. */
    html: Type.String(),
  }),
]);
export type ContentDetail = Static<typeof ContentDetail>;
export const ContentDetailQuery = Type.Object({ id: QueryId }, { additionalProperties: false });
export const ContentDetailResponse = Envelope(ContentDetail);

export const ContentSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    version: Type.Optional(EditVersion),
    kind: ContentKindSchema,
    title: Text(ContentLimits.title),
    html: Text(ContentLimits.html),
    /** Organisations (top of the customer tree) it is for; null or left out: every customer. */
    customerIds: Type.Optional(Nullable(Type.Array(Id, { maxItems: ContentLimits.customers }))),
    /** True: published (again, if it was withdrawn); false: kept as a draft, out of its readers' sight. */
    publish: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type ContentSaveBody = Static<typeof ContentSaveBody>;
export const ContentSaveResponse = Envelope(Type.Object({ id: Type.Integer() }));

export const ContentWithdrawBody = Type.Object({ id: Id, version: Type.Optional(EditVersion) }, { additionalProperties: false });
export type ContentWithdrawBody = Static<typeof ContentWithdrawBody>;
export const ContentDoneResponse = Envelope(Type.Null());

export const ContentUnread = Type.Object({
  /** Published notices for the caller that the caller has not opened. */
  count: Type.Integer(),
});
export type ContentUnread = Static<typeof ContentUnread>;
export const ContentUnreadResponse = Envelope(ContentUnread);

/** The wallboard's line: the newest notice for the screen, as plain text (a TV renders no HTML). */
export const LatestNotice = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  publishedAt: Type.String(),
  /** The start of its text, tags removed, at most ContentLimits.excerpt characters. */
  excerpt: Type.String(),
});
export type LatestNotice = Static<typeof LatestNotice>;
export const LatestNoticeResponse = Envelope(Nullable(LatestNotice));

export const ContentMessages = {
  titleRequired: '请填写标题（title）',
  htmlRequired: '请填写正文（html）',
  customersRequired: '请选择发布的客户组织（customerIds），或选择全部客户',
  customersNotOrganisations: '发布范围（customerIds）须为存在的客户组织',
  customersOutOfScope: '发布范围（customerIds）超出了您可管理的客户',
  notPublished: '只有已发布的内容可以撤回',
  notFound: '内容不存在',
  /** The console's, before it sends: an image still on its way would be lost. */
  imagesUploading: '请等待所有图片上传完成后再保存',
} as const;
