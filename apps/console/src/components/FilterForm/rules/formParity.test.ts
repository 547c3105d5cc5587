import { describe, expect, it } from 'vitest';
import { buildParams, compactParams, FilterMessages, ScreenFilterForms, type FilterField, type FilterFormState, type FilterParams } from '@pest/shared';
import { FILTER_RULE_CASES, type FilterRuleCase } from '@pest/shared/filter-rule-cases';
import { validateQuery } from './validate.ts';

/** The form state a user fills in to send a body: the same values, the periods as the pickers hold them. */
function formStateOf(params: FilterParams): FilterFormState {
  const { startTime, endTime, comparisonStartTime, comparisonEndTime, ...values } = params;
  const range = (start?: string, end?: string) => (start || end ? ([start ?? '', end ?? ''] as const) : undefined);
  return { ...values, dateRange: range(startTime, endTime), comparisonRange: range(comparisonStartTime, comparisonEndTime) };
}

/** The keys of the case's body that the screen's form does not send. */
const unsent = (one: FilterRuleCase): string[] => {
  const sent = buildParams(formStateOf(one.params), ScreenFilterForms[one.screen]);
  return Object.keys(compactParams({ ...one.params })).filter((key) => !(key in sent));
};
const sendable = (one: FilterRuleCase) => unsent(one).length === 0;

/**
 * The console's form gives every rule case the answer the server gives (server/src/backend/common/filter-form.test.ts
 * posts the same cases): on Query, FilterForm asks validateQuery, which judges the body with the shared rules.
 */
describe('the filter form and the server agree', () => {
  it.each(FILTER_RULE_CASES.filter(sendable))('$screen, $name: $rule', ({ screen, params, rule }) => {
    const check = validateQuery(formStateOf(params), ScreenFilterForms[screen]);
    if (rule === null) expect(check).toEqual({ ok: true, params: compactParams({ ...params }) });
    else expect(check).toEqual({ ok: false, level: expect.any(String), message: FilterMessages[rule] });
  });

  it('leaves out only the bodies with a field the form cannot send: the selector of the other mode, a field it does not show', () => {
    const ownerOf: Partial<Record<string, FilterField>> = { startTime: 'dateRange', endTime: 'dateRange', riskTypeIds: 'riskType' };
    for (const one of FILTER_RULE_CASES.filter((candidate) => !sendable(candidate))) {
      const form = ScreenFilterForms[one.screen];
      const otherMode = form.organisationMode === 'single' ? 'customerIds' : 'customerId';
      for (const key of unsent(one)) {
        const owner = ownerOf[key];
        expect(key === otherMode || (owner !== undefined && !form.fields.has(owner)), `${one.name}: ${key}`).toBe(true);
      }
    }
  });
});
