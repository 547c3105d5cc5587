import { describe, expect, it } from 'vitest';
import { visibleControls } from './controls.ts';
import { FILTER_FIELDS, RiskBasis, StatisticBasis, WorkType, defineFilterConfig } from './rules/index.ts';

const full = defineFilterConfig({ fields: [...FILTER_FIELDS] });

describe('visibleControls', () => {
  it('shows only the configured fields, in grid order', () => {
    const config = defineFilterConfig({ fields: ['dateRange', 'plan', 'organisation'] });
    expect(visibleControls({}, config)).toEqual(['organisation', 'plan', 'dateRange']);
  });
  it('with basis risk: the risk choice and risk types, no pests', () => {
    const shown = visibleControls({ type: StatisticBasis.risk }, full);
    expect(shown).toEqual(expect.arrayContaining(['basis', 'riskBasis', 'riskType']));
    expect(shown).not.toContain('pests');
    expect(shown).not.toContain('issueDesc');
  });
  it('with basis pest: pests, no risk controls', () => {
    const shown = visibleControls({ type: StatisticBasis.pest }, full);
    expect(shown).toContain('pests');
    expect(shown).not.toContain('riskBasis');
    expect(shown).not.toContain('riskType');
  });
  it('adds issue descriptions when the risk choice is by issue', () => {
    expect(visibleControls({ type: StatisticBasis.risk, riskType: RiskBasis.byIssue }, full)).toContain('issueDesc');
  });
  it('without a basis field, shows both pests and risk types', () => {
    const config = defineFilterConfig({ fields: ['pests', 'riskType'] });
    expect(visibleControls({}, config)).toEqual(['riskType', 'pests']);
  });
  it('shows the risk type select for a risk choice without the riskType field (it gives the names)', () => {
    const config = defineFilterConfig({ fields: ['riskBasis'] });
    expect(visibleControls({}, config)).toEqual(['riskBasis', 'riskType']);
  });
  it('shows the comparison range for a comparison report only', () => {
    expect(visibleControls({ workType: WorkType.comparison }, full)).toContain('comparisonRange');
    expect(visibleControls({ workType: WorkType.trend }, full)).not.toContain('comparisonRange');
    expect(visibleControls({}, defineFilterConfig({ fields: ['comparisonRange'] }))).toEqual(['comparisonRange']);
  });
});
