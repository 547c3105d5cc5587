import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';
import { Envelope } from './envelope.ts';

/**
 * The materials register (用药记录, issue 22): what a visit applied or installed, where, from which
 * lot. Auditors (BRCGS, AIB) ask for every pesticide with its registration number (农药登记证号)
 * and lot; consumables (glue boards, UV tubes) have no registration.
 */
export const MaterialKind = { rodenticide: 'rodenticide', insecticide: 'insecticide', bait: 'bait', glueBoard: 'glueBoard', consumable: 'consumable' } as const;
export type MaterialKind = (typeof MaterialKind)[keyof typeof MaterialKind];
export const MATERIAL_KIND_LABELS: Record<MaterialKind, string> = { rodenticide: '杀鼠剂', insecticide: '杀虫剂', bait: '诱饵', glueBoard: '粘板', consumable: '耗材' };

export const JobOrderMaterial = Type.Object({
  materialName: Type.String(),
  kind: Type.Union(Object.values(MaterialKind).map((kind) => Type.Literal(kind))),
  registrationNo: Nullable(Type.String()),
  activeIngredient: Nullable(Type.String()),
  lotNo: Type.String(),
  quantity: Type.Number(),
  /** As the register stores it: g, ml, or a counting word (MATERIAL_COUNT_UNITS). */
  unit: Type.String(),
  /** Where it was applied: the region, with its top region when it is a sub-area (后厨 > 洗碗间). */
  regionName: Type.String(),
});
export type JobOrderMaterial = Static<typeof JobOrderMaterial>;

/** The register's counting words (张 a glue board, 支 a UV tube, 个 a roach house), which need words in other languages; g and ml read alike in all. */
export const MATERIAL_COUNT_UNITS = { 张: 'sheet', 支: 'tube', 个: 'piece' } as const;
export type MaterialCountUnit = (typeof MATERIAL_COUNT_UNITS)[keyof typeof MATERIAL_COUNT_UNITS];
export const JobOrderMaterialsResponse = Envelope(Type.Array(JobOrderMaterial));
