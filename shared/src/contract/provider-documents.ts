import { Type, type Static } from '@sinclair/typebox';
import { Day, EditVersion, Id, Nullable, Text } from './common.ts';
import { Envelope } from './envelope.ts';

/**
 * The provider's documents (资质文件, issue 22): its business licence and pest-control
 * qualification, scans or photos uploaded through the image upload flow, each valid over a
 * period. Every signed-in account may read them (a customer's manager hands them to auditors);
 * only provider staff add, edit or delete them.
 */
const DOCUMENT = '/api/admin/web/provider/document';
export const ProviderDocumentPaths = {
  list: `${DOCUMENT}/list`,
  /** Without id: a new document; with id: edit that one. */
  save: `${DOCUMENT}/save`,
  delete: `${DOCUMENT}/delete`,
} as const;

export const ProviderDocumentKind = {
  businessLicence: 'businessLicence',
  pestControlQualification: 'pestControlQualification',
  other: 'other',
} as const;
export type ProviderDocumentKind = (typeof ProviderDocumentKind)[keyof typeof ProviderDocumentKind];
export const PROVIDER_DOCUMENT_KIND_LABELS: Record<ProviderDocumentKind, string> = {
  businessLicence: '营业执照',
  pestControlQualification: '有害生物防制服务资质证书',
  other: '其他',
};
const KindSchema = Type.Union(Object.values(ProviderDocumentKind).map((kind) => Type.Literal(kind)));

export const PROVIDER_DOCUMENT_NAME_MAX = 60;

export const ProviderDocumentSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    version: Type.Optional(EditVersion),
    kind: KindSchema,
    name: Text(PROVIDER_DOCUMENT_NAME_MAX, { minLength: 1 }),
    /** An image our object storage served; the signed link the list showed may be sent back as it is. */
    fileUrl: Text(1000, { minLength: 1 }),
    validFrom: Day,
    /** null: valid without end (a licence 长期有效). Not before validFrom. */
    validTo: Nullable(Day),
  },
  { additionalProperties: false },
);
export type ProviderDocumentSaveBody = Static<typeof ProviderDocumentSaveBody>;

export const ProviderDocumentDeleteBody = Type.Object({ id: Id }, { additionalProperties: false });
export type ProviderDocumentDeleteBody = Static<typeof ProviderDocumentDeleteBody>;

export const ProviderDocument = Type.Object({
  id: Type.Integer(),
  /** Sent back with an edit. */
  version: Type.Integer(),
  kind: KindSchema,
  name: Type.String(),
  /** A signed link to the image for the viewer. */
  fileUrl: Type.String(),
  validFrom: Type.String(),
  validTo: Nullable(Type.String()),
  /** Valid today (China time) by the backend's clock. */
  validNow: Type.Boolean(),
  createdAt: Type.String(),
  createdByName: Nullable(Type.String()),
});
export type ProviderDocument = Static<typeof ProviderDocument>;

export const ProviderDocumentListResponse = Envelope(Type.Array(ProviderDocument));
export const ProviderDocumentSaveResponse = Envelope(ProviderDocument);
export const ProviderDocumentDeleteResponse = Envelope(Type.Null());

export const ProviderDocumentMessages = {
  notFound: '资质文件不存在',
  staffOnly: '仅服务商人员可以上传、修改或删除资质文件',
  nameBlank: '请输入文件名称',
  fileNotOurs: '资质文件必须是本系统上传的图片',
  validToBeforeFrom: '有效期止不能早于有效期起',
} as const;

/** The first problem of a document's fields, shared by the console's form and the server. */
export function providerDocumentProblem({ name, validFrom, validTo }: Pick<ProviderDocumentSaveBody, 'name' | 'validFrom' | 'validTo'>): string | null {
  if (name.trim() === '') return ProviderDocumentMessages.nameBlank;
  if (validTo !== null && validTo < validFrom) return ProviderDocumentMessages.validToBeforeFrom;
  return null;
}
