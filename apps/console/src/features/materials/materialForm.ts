import { MATERIAL_KINDS_NEEDING_REGISTRATION, MaterialKind, type Material, type MaterialSaveBody } from '@pest/shared';
import { editedIdentity, type EditedRecord } from '../../api/editedRecord.ts';

/** The dialog's fields as it holds them: texts as typed, the day as the date picker gives it (yyyy-MM-dd, empty when unset). */
export interface MaterialValues {
  name: string;
  /** None until chosen: a wrong default kind would slip a pesticide in as a consumable. */
  type: MaterialKind | undefined;
  registrationNo: string;
  registrationValidUntil: string;
  activeIngredient: string;
  concentration: string;
  manufacturer: string;
  unit: string;
  /** The safety data sheet's URL from the upload flow, or the link the list gave for the stored one. */
  sdsUrl: string | null;
}


export const newMaterialValues = (): MaterialValues => ({
  name: '',
  type: undefined,
  registrationNo: '',
  registrationValidUntil: '',
  activeIngredient: '',
  concentration: '',
  manufacturer: '',
  unit: '',
  sdsUrl: null,
});

export const materialValuesOf = (material: Material): MaterialValues => ({
  name: material.name,
  type: material.type,
  registrationNo: material.registrationNo ?? '',
  registrationValidUntil: material.registrationValidUntil ?? '',
  activeIngredient: material.activeIngredient ?? '',
  concentration: material.concentration ?? '',
  manufacturer: material.manufacturer ?? '',
  unit: material.unit,
  sdsUrl: material.sdsUrl,
});

/** What is missing before sending, as a key of the materials namespace's `problem` texts. */
export type MaterialProblem = 'nameRequired' | 'typeRequired' | 'unitRequired' | 'registrationNoRequired' | 'validUntilWithoutNo';

/** An optional text as sent: trimmed, and null when blank so an edit clears it. */
const optional = (text: string) => text.trim() || null;

/** The body to send, or the first problem in the dialog's order; an edit carries its id and the version it loaded. */
export function materialBody(values: MaterialValues, editing?: EditedRecord): { ok: true; body: MaterialSaveBody } | { ok: false; problem: MaterialProblem } {
  const name = values.name.trim();
  if (!name) return { ok: false, problem: 'nameRequired' };
  const { type } = values;
  if (!type) return { ok: false, problem: 'typeRequired' };
  const registrationNo = optional(values.registrationNo);
  if (!registrationNo && MATERIAL_KINDS_NEEDING_REGISTRATION.includes(type)) return { ok: false, problem: 'registrationNoRequired' };
  if (!registrationNo && values.registrationValidUntil) return { ok: false, problem: 'validUntilWithoutNo' };
  const unit = values.unit.trim();
  if (!unit) return { ok: false, problem: 'unitRequired' };
  return {
    ok: true,
    body: {
      ...editedIdentity(editing),
      name,
      type,
      registrationNo,
      registrationValidUntil: values.registrationValidUntil || null,
      activeIngredient: optional(values.activeIngredient),
      concentration: optional(values.concentration),
      manufacturer: optional(values.manufacturer),
      unit,
      sdsUrl: values.sdsUrl,
    },
  };
}
