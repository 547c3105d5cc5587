import { Type, type Static } from '@sinclair/typebox';
import { Day, EditVersion, Id, Nullable, PageNumber, QueryId, Text } from './common.ts';
import { Envelope } from './envelope.ts';
import { ReportTemplateType, ReportTemplateTypeSchema, TransactionType, TransactionTypeSchema } from './report-templates.ts';

/**
 * 合同 (issue 41): the provider's contracts with its customers. A contract belongs to an
 * organisation (or one store); each item names a transaction type, the stores it covers, visits
 * per month and the report layout. Activating a contract sets its stores' service plans (so
 * 服务安排 proposes its visits and the visits' reports take its layout); one near its end is
 * listed as 即将到期 and noticed through the notification rules.
 */
export const ContractPaths = {
  list: '/api/admin/web/contract/list',
  save: '/api/admin/web/contract/save',
  detail: '/api/admin/web/contract/detail',
  activate: '/api/admin/web/contract/activate',
  terminate: '/api/admin/web/contract/terminate',
} as const;

/** 草稿, 生效, 已到期 (an active one past its end day, read from the day), 已终止. */
export const ContractState = { draft: 'draft', active: 'active', expired: 'expired', terminated: 'terminated' } as const;
export type ContractState = (typeof ContractState)[keyof typeof ContractState];
export const CONTRACT_STATES: readonly ContractState[] = Object.values(ContractState);
export const CONTRACT_STATE_LABELS: Record<ContractState, string> = { draft: '草稿', active: '生效', expired: '已到期', terminated: '已终止' };
const ContractStateSchema = Type.Union(CONTRACT_STATES.map((state) => Type.Literal(state)));

export const ContractLimits = { code: 40, name: 60, remark: 500, reason: 200, items: 5, stores: 500, attachments: 10, keyword: 60, amount: 9_999_999_999.99 } as const;

/** Which report layouts fit a transaction type: a disinfection visit is not reported as a pest inspection. */
export const TEMPLATES_OF_TRANSACTION: Record<TransactionType, readonly ReportTemplateType[]> = {
  [TransactionType.pest]: [ReportTemplateType.pestSimple, ReportTemplateType.pestFull],
  [TransactionType.disinfection]: [ReportTemplateType.disinfection],
  [TransactionType.survey]: [ReportTemplateType.survey],
  [TransactionType.formaldehyde]: [ReportTemplateType.disinfection],
  [TransactionType.other]: [ReportTemplateType.pestSimple, ReportTemplateType.pestFull, ReportTemplateType.disinfection, ReportTemplateType.survey],
};

export const ContractItemInput = Type.Object(
  {
    transactionType: TransactionTypeSchema,
    /** The stores this item covers, under the contract's customer. */
    customerIds: Type.Array(Id, { maxItems: ContractLimits.stores }),
    visitsPerMonth: Type.Integer({ minimum: 1, maximum: 31 }),
    reportTemplateType: ReportTemplateTypeSchema,
  },
  { additionalProperties: false },
);
export type ContractItemInput = Static<typeof ContractItemInput>;

export const ContractSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    version: Type.Optional(EditVersion),
    /** The organisation (or store) the contract is with. */
    customerId: Id,
    code: Text(ContractLimits.code),
    name: Text(ContractLimits.name),
    signedDate: Day,
    startDate: Day,
    endDate: Day,
    items: Type.Array(ContractItemInput, { maxItems: ContractLimits.items }),
    /** Yuan, at most two decimals. */
    amount: Type.Number({ minimum: 0, maximum: ContractLimits.amount }),
    /** The scanned contract: files of our store (PDF or images) from the upload flow. */
    attachments: Type.Optional(Type.Array(Text(400), { maxItems: ContractLimits.attachments })),
    remark: Type.Optional(Nullable(Text(ContractLimits.remark))),
  },
  { additionalProperties: false },
);
export type ContractSaveBody = Static<typeof ContractSaveBody>;
export const ContractSaveResponse = Envelope(Type.Object({ id: Type.Integer() }));

export const ContractListBody = Type.Object(
  {
    current: PageNumber,
    size: Type.Integer({ minimum: 1, maximum: 200 }),
    /** Contracts with these customers or with customers below them. */
    customerIds: Type.Optional(Type.Array(Id, { maxItems: 500 })),
    states: Type.Optional(Type.Array(ContractStateSchema, { maxItems: 4 })),
    /** Only active contracts ending within this many days from today (即将到期). */
    expiringWithinDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 366 })),
    /** Part of the code or the name. */
    keyword: Type.Optional(Text(ContractLimits.keyword)),
  },
  { additionalProperties: false },
);
export type ContractListBody = Static<typeof ContractListBody>;

export const ContractItem = Type.Object({
  transactionType: TransactionTypeSchema,
  customerIds: Type.Array(Type.Integer()),
  customerNames: Type.Array(Type.String()),
  visitsPerMonth: Type.Integer(),
  reportTemplateType: ReportTemplateTypeSchema,
});
export type ContractItem = Static<typeof ContractItem>;

export const Contract = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  signedDate: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  amount: Type.Number(),
  state: ContractStateSchema,
  /** Days from today (Beijing) to the end day, for an active contract; null otherwise. */
  daysToEnd: Nullable(Type.Integer()),
  items: Type.Array(ContractItem),
  /** The scanned contract: links for this viewer, with the file's name. */
  attachments: Type.Array(Type.Object({ url: Type.String(), name: Type.String() })),
  remark: Nullable(Type.String()),
  terminatedOn: Nullable(Type.String()),
  terminateReason: Nullable(Type.String()),
  /** The service plans that follow this contract. */
  planCount: Type.Integer(),
});
export type Contract = Static<typeof Contract>;
export const ContractListResponse = Envelope(
  Type.Object({
    total: Type.Integer(),
    records: Type.Array(Contract),
    /** How many days before its end a contract counts as 即将到期 (CONTRACT_RENEWAL_NOTICE_DAYS). */
    renewalNoticeDays: Type.Integer(),
  }),
);
export const ContractDetailQuery = Type.Object({ id: QueryId }, { additionalProperties: false });
export const ContractDetailResponse = Envelope(Contract);

export const ContractActivateBody = Type.Object({ id: Id, version: Type.Optional(EditVersion) }, { additionalProperties: false });
export type ContractActivateBody = Static<typeof ContractActivateBody>;
/** What activating (or saving an active contract) did to its stores' plans. */
export const ContractPlansResponse = Envelope(Type.Object({ plansCreated: Type.Integer(), plansUpdated: Type.Integer(), plansEnded: Type.Integer() }));

export const ContractTerminateBody = Type.Object(
  {
    id: Id,
    version: Type.Optional(EditVersion),
    reason: Text(ContractLimits.reason),
    /** The last day of service; today (Beijing) when not given. */
    terminatedOn: Type.Optional(Day),
  },
  { additionalProperties: false },
);
export type ContractTerminateBody = Static<typeof ContractTerminateBody>;
/** Planned visits after the last day are cancelled with the reason. */
export const ContractTerminateResponse = Envelope(Type.Object({ visitsCancelled: Type.Integer() }));

export const ContractMessages = {
  codeRequired: '请填写合同编号（code）',
  codeTaken: '合同编号（code）已存在',
  nameRequired: '请填写合同名称（name）',
  endBeforeStart: '结束日期（endDate）不能早于开始日期（startDate）',
  signedAfterStart: '签订日期（signedDate）不能晚于结束日期（endDate）',
  itemsRequired: '请至少添加一项服务内容（items）',
  itemTypeRepeated: '同一服务类型只能添加一项（items.transactionType）',
  itemStoresRequired: '请为每项服务内容选择门店（items.customerIds）',
  templateMismatch: '报告模板（items.reportTemplateType）与服务类型不符',
  amountInvalid: '合同金额（amount）须为不小于 0、最多两位小数的数字',
  customerNotFound: '合同客户（customerId）不存在或不可选',
  storeOutside: '服务门店（items.customerIds）须为合同客户下未暂停的门店',
  attachmentNotOurs: '合同附件（attachments）须通过本系统上传',
  customerLocked: '合同生效后不能更换客户（customerId）',
  notEditable: '已终止或已到期的合同不能修改',
  activateOnlyDraft: '只有草稿状态的合同可以生效',
  activateEnded: '合同已过结束日期，不能生效',
  terminateOnlyActive: '只有生效中的合同可以终止',
  reasonRequired: '请填写终止原因（reason）',
  terminatedOnOutside: '终止日期（terminatedOn）须在合同期限内',
  notFound: '合同不存在',
} as const;

/** What is wrong with a contract as its editor filled it in, before any record is read; null when nothing. */
export function contractProblem(body: ContractSaveBody): string | null {
  if (!body.code.trim()) return ContractMessages.codeRequired;
  if (!body.name.trim()) return ContractMessages.nameRequired;
  if (body.endDate < body.startDate) return ContractMessages.endBeforeStart;
  if (body.signedDate > body.endDate) return ContractMessages.signedAfterStart;
  if (Math.round(body.amount * 100) / 100 !== body.amount) return ContractMessages.amountInvalid;
  if (body.items.length === 0) return ContractMessages.itemsRequired;
  if (new Set(body.items.map((item) => item.transactionType)).size !== body.items.length) return ContractMessages.itemTypeRepeated;
  for (const item of body.items) {
    if (item.customerIds.length === 0) return ContractMessages.itemStoresRequired;
    if (!TEMPLATES_OF_TRANSACTION[item.transactionType].includes(item.reportTemplateType)) return ContractMessages.templateMismatch;
  }
  return null;
}

/** The state a contract shows on `today` (yyyy-MM-dd, Beijing): an active one past its end day has expired. */
export function shownContractState(stored: 'draft' | 'active' | 'terminated', endDate: string, today: string): ContractState {
  return stored === 'active' && endDate < today ? ContractState.expired : stored;
}
