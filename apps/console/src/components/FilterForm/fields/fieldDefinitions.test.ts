import { describe, expect, it } from 'vitest';
import type { FilterOptions } from '../useFilterOptions.ts';
import { FILTER_FIELDS, defineFilterConfig, type FilterFormConfig } from '@pest/shared';
import { selectDisabled } from '../rules/index.ts';
import { fieldDefinition } from './fieldDefinitions.ts';
import type { FieldContext } from './fieldTypes.ts';

const riskTypes = [
  { id: 1, name: '鼠迹' },
  { id: 2, name: '门缝' },
];

function contextFor(config: FilterFormConfig): FieldContext {
  return {
    config,
    state: {},
    disabled: selectDisabled({}, config),
    options: { riskTypes } as unknown as FilterOptions,
    customerList: { query: {}, generation: 0 },
    dispatch: () => {},
  };
}

describe('fieldDefinition', () => {
  it('gives the sales-area select the key of the screen’s area mode', () => {
    const of = (areaMode: 'single' | 'multiple') => fieldDefinition('area', defineFilterConfig({ fields: ['area'], areaMode }));
    expect(of('single')).toMatchObject({ kind: 'select', field: 'areaId' });
    expect(of('multiple')).toMatchObject({ kind: 'select', multiple: true, field: 'areaIds' });
  });

  it('names the chosen risk types too, only where the form has the risk choice', () => {
    const namesFor = (fields: Parameters<typeof defineFilterConfig>[0]['fields']) => {
      const config = defineFilterConfig({ fields });
      const definition = fieldDefinition('riskType', config);
      if (definition.kind !== 'select' || !definition.multiple) throw new Error('riskType is a multi-select');
      return definition.alsoChange?.([2], contextFor(config));
    };
    expect(namesFor(['riskType', 'riskBasis'])).toEqual([{ type: 'change', field: 'riskTypeNames', value: ['门缝'] }]);
    expect(namesFor(['riskType'])).toEqual([]);
  });

  it('has a definition for every field', () => {
    const config = defineFilterConfig({ fields: [...FILTER_FIELDS] });
    for (const field of FILTER_FIELDS) expect(fieldDefinition(field, config).kind).toBeTruthy();
  });
});
