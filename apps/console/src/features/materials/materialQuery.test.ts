import { describe, expect, it } from 'vitest';
import { MaterialKind } from '@pest/shared';
import { MATERIAL_PAGE_SIZE, NO_MATERIAL_FILTERS, materialListBody } from './materialQuery.ts';

describe('materialListBody', () => {
  it('asks page 1 with nothing but the page when nothing is filtered', () => {
    expect(materialListBody(NO_MATERIAL_FILTERS)).toEqual({ current: 1, size: MATERIAL_PAGE_SIZE });
    expect(materialListBody({ ...NO_MATERIAL_FILTERS, keyword: '   ' })).toEqual({ current: 1, size: MATERIAL_PAGE_SIZE });
  });

  it('sends the trimmed keyword, the chosen types and the disabled ones when asked', () => {
    expect(materialListBody({ keyword: ' 菊酯 ', types: [MaterialKind.insecticide], withDisabled: true })).toEqual({
      current: 1,
      size: MATERIAL_PAGE_SIZE,
      keyword: '菊酯',
      types: ['insecticide'],
      withDisabled: true,
    });
  });
});
