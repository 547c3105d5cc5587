import { Type, type Static } from '@sinclair/typebox';
import { Day, EditVersion, Id, Nullable, PageNumber, Text } from './common.ts';
import { Envelope } from './envelope.ts';
import { MaterialKind } from './materials.ts';

/**
 * 物料 (issue 41): the provider's materials catalogue. The field app's materials step picks from it
 * (those enabled and with a registration still valid), and the visits' records, PDF reports and
 * the audit pack's materials register read it.
 */
export const MaterialPaths = {
  list: '/api/admin/web/material/list',
  save: '/api/admin/web/material/save',
  disable: '/api/admin/web/material/disable',
  enable: '/api/admin/web/material/enable',
} as const;

const MaterialKindSchema = Type.Union(Object.values(MaterialKind).map((kind) => Type.Literal(kind)));

export const MaterialLimits = { name: 60, registrationNo: 40, activeIngredient: 60, concentration: 30, manufacturer: 80, unit: 10, keyword: 60 } as const;

/** The kinds that are pesticides: they need a registration number (农药登记证号). */
export const MATERIAL_KINDS_NEEDING_REGISTRATION: readonly MaterialKind[] = [MaterialKind.rodenticide, MaterialKind.insecticide, MaterialKind.bait];

export const MaterialListBody = Type.Object(
  {
    current: PageNumber,
    size: Type.Integer({ minimum: 1, maximum: 200 }),
    keyword: Type.Optional(Text(MaterialLimits.keyword)),
    types: Type.Optional(Type.Array(MaterialKindSchema, { maxItems: 10 })),
    /** Disabled ones too (left out unless asked for). */
    withDisabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MaterialListBody = Static<typeof MaterialListBody>;

export const Material = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  name: Type.String(),
  type: MaterialKindSchema,
  registrationNo: Nullable(Type.String()),
  /** yyyy-MM-dd; null when the registration has no end or there is none. */
  registrationValidUntil: Nullable(Type.String()),
  /** The registration ran out before today (Beijing): not to be chosen for a visit. */
  expired: Type.Boolean(),
  activeIngredient: Nullable(Type.String()),
  concentration: Nullable(Type.String()),
  manufacturer: Nullable(Type.String()),
  unit: Type.String(),
  /** The safety data sheet, a link for this viewer. */
  sdsUrl: Nullable(Type.String()),
  disabled: Type.Boolean(),
});
export type Material = Static<typeof Material>;
export const MaterialListResponse = Envelope(Type.Object({ total: Type.Integer(), records: Type.Array(Material) }));

const Optional = (maxLength: number) => Type.Optional(Nullable(Text(maxLength)));
export const MaterialSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    version: Type.Optional(EditVersion),
    name: Text(MaterialLimits.name),
    type: MaterialKindSchema,
    registrationNo: Optional(MaterialLimits.registrationNo),
    registrationValidUntil: Type.Optional(Nullable(Day)),
    activeIngredient: Optional(MaterialLimits.activeIngredient),
    concentration: Optional(MaterialLimits.concentration),
    manufacturer: Optional(MaterialLimits.manufacturer),
    unit: Text(MaterialLimits.unit),
    /** An uploaded file of our store (the upload flow's URL), or null for none. */
    sdsUrl: Type.Optional(Nullable(Text(400))),
  },
  { additionalProperties: false },
);
export type MaterialSaveBody = Static<typeof MaterialSaveBody>;
export const MaterialSaveResponse = Envelope(Type.Object({ id: Type.Integer() }));

export const MaterialStateBody = Type.Object({ id: Id, version: Type.Optional(EditVersion) }, { additionalProperties: false });
export type MaterialStateBody = Static<typeof MaterialStateBody>;
export const MaterialDoneResponse = Envelope(Type.Null());

export const MaterialMessages = {
  nameRequired: '请填写物料名称（name）',
  unitRequired: '请填写单位（unit）',
  nameTaken: '物料名称（name）已存在',
  validUntilWithoutNo: '填写登记证有效期前，请先填写农药登记证号（registrationNo）',
  pesticideNeedsNo: '灭鼠剂、杀虫剂和诱饵须填写农药登记证号（registrationNo）',
  sdsNotOurs: '安全技术说明书（sdsUrl）须通过本系统上传',
  notFound: '物料不存在',
} as const;
