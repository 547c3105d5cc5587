import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';
import { Envelope } from './envelope.ts';

/**
 * The materials register (用药记录, issue 22): what a visit applied or installed, where, from which
 * lot. Auditors (BRCGS, AIB) ask for every pesticide with its registration number (农药登记证号)
 * and lot; consumables (glue boards, UV tubes) have no registration.
 */
export const MaterialKind = { rodenticide: 'rodenticide', insecticide: 'insecticide', consumable: 'consumable' } as const;
export type MaterialKind = (typeof MaterialKind)[keyof typeof MaterialKind];
export const MATERIAL_KIND_LABELS: Record<MaterialKind, string> = { rodenticide: '杀鼠剂', insecticide: '杀虫剂', consumable: '耗材' };

export const JobOrderMaterial = Type.Object({
  materialName: Type.String(),
  kind: Type.Union(Object.values(MaterialKind).map((kind) => Type.Literal(kind))),
  registrationNo: Nullable(Type.String()),
  activeIngredient: Nullable(Type.String()),
  lotNo: Type.String(),
  quantity: Type.Number(),
  unit: Type.String(),
  /** Where it was applied: the region, with its top region when it is a sub-area (后厨 > 洗碗间). */
  regionName: Type.String(),
});
export type JobOrderMaterial = Static<typeof JobOrderMaterial>;
export const JobOrderMaterialsResponse = Envelope(Type.Array(JobOrderMaterial));
