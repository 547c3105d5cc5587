import { describe, expect, it } from 'vitest';
import { ScreenFilterForms, TimeType, type FilterFormState } from '@pest/shared';
import { visibleControls } from './controls.ts';
import type { Translate } from './fields/fieldTypes.ts';
import { filterSummary } from './filterSummary.ts';
import { selectDisabled } from './rules/index.ts';
import type { FilterOptions } from './useFilterOptions.ts';

const config = ScreenFilterForms.pestTrend;
const pests = [
  { id: 1, name: '鼠' },
  { id: 2, name: '蟑螂' },
  { id: 3, name: '苍蝇' },
];
// The keys stand for their texts.
const t = ((key: string) => key) as unknown as Translate;

const summaryOf = (state: FilterFormState) =>
  filterSummary(
    visibleControls(state, config),
    { config, state, disabled: selectDisabled(state, config), options: { pests } as unknown as FilterOptions, customerList: { query: {}, generation: 0 }, dispatch: () => {} },
    t,
  );

describe('filterSummary', () => {
  it('says nothing of what is not chosen', () => {
    expect(summaryOf({})).toEqual([]);
  });

  it('names a few options, counts many and the stores, and gives a range as its days, in the form’s order', () => {
    expect(summaryOf({ customerId: 7, petIds: [1, 2], timeType: TimeType.byMonth, dateRange: ['2026-08-01', '2026-11-28'] })).toEqual([
      'filter:organisation (1)',
      '鼠、蟑螂',
      'filter:timeTypeByMonth',
      '2026-08-01 ~ 2026-11-28',
    ]);
    expect(summaryOf({ customerId: 7, petIds: [1, 2, 3] })).toEqual(['filter:organisation (1)', 'filter:pests (3)']);
  });
});
