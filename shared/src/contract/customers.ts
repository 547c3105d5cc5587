import { Type, type Static } from '@sinclair/typebox';
import { EditVersion, Id, Nullable, PageNumber, Text } from './common.ts';
import { Envelope } from './envelope.ts';
import { Page } from './filters.ts';

/**
 * 客户管理 (issue 38): the provider keeps its customers' tree, organisation (kind 1) › groups
 * (kind 2, any depth) › stores (kind 3). A node is created, edited, moved under another parent,
 * suspended and resumed, never deleted: a suspended node leaves the pickers, refuses edits and keeps
 * its records and charts; suspending one suspends what is below it.
 */
const CUSTOMER = '/api/admin/web/customer';
export const CustomerPaths = {
  /** The tree in order, paged, within the caller's scope, suspended nodes included. */
  list: `${CUSTOMER}/list`,
  detail: `${CUSTOMER}/detail`,
  /** Without id: a new node; with id: edit it (a new parentId moves it with everything below). */
  save: `${CUSTOMER}/save`,
  suspend: `${CUSTOMER}/suspend`,
  resume: `${CUSTOMER}/resume`,
} as const;

/** customers.kind: the levels of a customer organisation's tree. */
export const CustomerKind = { organisation: 1, group: 2, store: 3 } as const;
export type CustomerKind = (typeof CustomerKind)[keyof typeof CustomerKind];
export const CUSTOMER_KIND_LABELS: Record<CustomerKind, string> = { 1: '组织', 2: '分组', 3: '门店' };
const KindSchema = Type.Union(Object.values(CustomerKind).map((kind) => Type.Literal(kind)));

/** The longest text each field keeps; the rule (customerProblem) says so in Chinese, naming the field. */
export const CustomerLimits = { name: 50, code: 32, address: 120, contactName: 20, contactPhone: 20, contacts: 20 } as const;

export const CustomerContact = Type.Object(
  { name: Text(200), phone: Text(200) },
  { additionalProperties: false },
);
export type CustomerContact = Static<typeof CustomerContact>;

export const CustomerSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    version: Type.Optional(EditVersion),
    /** null for an organisation; a group or store's organisation or group. */
    parentId: Nullable(Id),
    /** Set at creation; an edit sending another is refused. */
    kind: KindSchema,
    name: Text(200),
    code: Text(200),
    provinceId: Type.Optional(Nullable(Id)),
    cityId: Type.Optional(Nullable(Id)),
    districtId: Type.Optional(Nullable(Id)),
    address: Type.Optional(Nullable(Text(1000))),
    /** The sales area (大区). */
    areaId: Type.Optional(Nullable(Id)),
    /** Replaces the node's contacts (those of getContactNameList); absent keeps them. */
    contacts: Type.Optional(Type.Array(CustomerContact, { maxItems: 200 })),
  },
  { additionalProperties: false },
);
export type CustomerSaveBody = Static<typeof CustomerSaveBody>;

export const CustomerIdOnlyBody = Type.Object({ id: Id, version: Type.Optional(EditVersion) }, { additionalProperties: false });
export type CustomerIdOnlyBody = Static<typeof CustomerIdOnlyBody>;

export const CustomerState = { active: 'active', suspended: 'suspended' } as const;
export type CustomerState = (typeof CustomerState)[keyof typeof CustomerState];

export const CustomerListBody = Type.Object(
  {
    current: PageNumber,
    size: Type.Integer({ minimum: 1, maximum: 200 }),
    /** Part of a name or a code. */
    keyword: Type.Optional(Text(50)),
    kinds: Type.Optional(Type.Array(KindSchema, { maxItems: 3 })),
    state: Type.Optional(Type.Union(Object.values(CustomerState).map((state) => Type.Literal(state)))),
    /** Only this node and what is below it. */
    underId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type CustomerListBody = Static<typeof CustomerListBody>;

export const CustomerDetail = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  kind: KindSchema,
  name: Type.String(),
  code: Type.String(),
  /** The names above it, organisation first (empty for an organisation). */
  ancestorNames: Type.Array(Type.String()),
  /** 0 for an organisation. */
  depth: Type.Integer(),
  provinceId: Nullable(Type.Integer()),
  cityId: Nullable(Type.Integer()),
  districtId: Nullable(Type.Integer()),
  /** 上海市 上海市 徐汇区, as far as it is set. */
  regionName: Type.String(),
  address: Nullable(Type.String()),
  areaId: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
  contacts: Type.Array(Type.Object({ name: Type.String(), phone: Type.String() })),
  state: Type.Union(Object.values(CustomerState).map((state) => Type.Literal(state))),
  /** Suspended together with a node above it: resuming that one brings it back. */
  suspendedWithAncestor: Type.Boolean(),
  /** Active stores below it (itself, for a store). */
  storeCount: Type.Integer(),
});
export type CustomerDetail = Static<typeof CustomerDetail>;

export const CustomerListResponse = Envelope(Page(CustomerDetail));
export const CustomerDetailResponse = Envelope(CustomerDetail);
export const CustomerSaveResponse = Envelope(Type.Object({ id: Type.Integer() }));

export const CustomerMessages = {
  notFound: '客户不存在',
  codeTaken: '编码已存在',
  kindFixed: '客户类型创建后不能修改',
  organisationHasNoParent: '组织不能有上级',
  parentRequired: '请选择上级客户',
  parentNotFound: '上级客户不存在',
  parentIsStore: '门店下不能再建下级',
  parentSuspended: '上级客户已停用，不能放在其下',
  parentIsSelf: '不能把客户移到自己或自己的下级之下',
  suspendedReadOnly: '客户已停用，请先启用再修改',
  resumeAncestorFirst: '上级客户已停用，请先启用上级',
  regionMismatch: '省、市、区不一致，请重新选择地区',
  regionNotFound: '地区不存在',
  areaNotFound: '大区不存在',
  outsideOwnCustomer: '只能管理本组织下的分组和门店',
  organisationStaffOnly: '仅服务商人员可以新增组织',
} as const;
