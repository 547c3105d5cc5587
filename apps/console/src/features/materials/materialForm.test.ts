import { describe, expect, it } from 'vitest';
import { MaterialKind, type Material } from '@pest/shared';
import { materialBody, materialValuesOf, newMaterialValues } from './materialForm.ts';

const glueBoard = { ...newMaterialValues(), name: ' 粘鼠板 ', type: MaterialKind.glueBoard, unit: ' 张 ' };
const insecticide = { ...glueBoard, name: '高效氯氰菊酯', type: MaterialKind.insecticide, unit: 'ml', registrationNo: ' PD20080001 ', registrationValidUntil: '2027-06-30' };

describe('materialBody', () => {
  it('asks for the name, the type and the unit', () => {
    expect(materialBody({ ...glueBoard, name: '  ' })).toEqual({ ok: false, problem: 'nameRequired' });
    expect(materialBody({ ...glueBoard, type: undefined })).toEqual({ ok: false, problem: 'typeRequired' });
    expect(materialBody({ ...glueBoard, unit: ' ' })).toEqual({ ok: false, problem: 'unitRequired' });
  });

  it('asks a rodenticide, an insecticide or a bait for its registration number, and a valid-until day for one', () => {
    for (const type of [MaterialKind.rodenticide, MaterialKind.insecticide, MaterialKind.bait]) {
      expect(materialBody({ ...insecticide, type, registrationNo: ' ' })).toEqual({ ok: false, problem: 'registrationNoRequired' });
    }
    expect(materialBody({ ...glueBoard, registrationValidUntil: '2027-01-01' })).toEqual({ ok: false, problem: 'validUntilWithoutNo' });
  });

  it('sends trimmed texts, blanks as null (an edit clears them), and the id and version only for an edit', () => {
    expect(materialBody(glueBoard)).toEqual({
      ok: true,
      body: { name: '粘鼠板', type: 'glueBoard', registrationNo: null, registrationValidUntil: null, activeIngredient: null, concentration: null, manufacturer: null, unit: '张', sdsUrl: null },
    });
    const edit = materialBody({ ...insecticide, sdsUrl: '/api/oss/uploads/u1/sds.png' }, { id: 7, version: 3 });
    expect(edit.ok && edit.body).toMatchObject({ id: 7, version: 3, registrationNo: 'PD20080001', registrationValidUntil: '2027-06-30', sdsUrl: '/api/oss/uploads/u1/sds.png' });
  });

  it('opens a stored material with its values, absent ones blank', () => {
    const stored: Material = {
      id: 1,
      version: 2,
      name: '溴敌隆',
      type: 'rodenticide',
      registrationNo: 'PD1',
      registrationValidUntil: null,
      expired: false,
      activeIngredient: null,
      concentration: '0.005%',
      manufacturer: null,
      unit: 'g',
      sdsUrl: null,
      disabled: false,
    };
    expect(materialValuesOf(stored)).toEqual({ ...newMaterialValues(), name: '溴敌隆', type: 'rodenticide', registrationNo: 'PD1', concentration: '0.005%', unit: 'g' });
    expect(materialBody(materialValuesOf(stored), stored).ok).toBe(true);
  });
});
