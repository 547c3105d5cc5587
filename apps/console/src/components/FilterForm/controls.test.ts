import { describe, expect, it } from 'vitest';
import { visibleControls } from './controls.ts';
import { ChartBasis, ChartRiskBasis, ChartWorkType, FILTER_FIELDS, defineFilterConfig } from '@pest/shared';

const full = defineFilterConfig({ fields: [...FILTER_FIELDS] });

describe('visibleControls', () => {
  it('shows only the configured fields, in grid order', () => {
    const config = defineFilterConfig({ fields: ['dateRange', 'plan', 'organisation'] });
    expect(visibleControls({}, config)).toEqual(['organisation', 'plan', 'dateRange']);
  });
  it('with basis risk: the risk choice and risk types, no pests', () => {
    const shown = visibleControls({ type: ChartBasis.risk }, full);
    expect(shown).toEqual(expect.arrayContaining(['basis', 'riskBasis', 'riskType']));
    expect(shown).not.toContain('pests');
    expect(shown).not.toContain('issueDesc');
  });
  it('with basis pest: pests, no risk controls', () => {
    const shown = visibleControls({ type: ChartBasis.pest }, full);
    expect(shown).toContain('pests');
    expect(shown).not.toContain('riskBasis');
    expect(shown).not.toContain('riskType');
  });
  it('adds issue descriptions when the risk choice is by issue', () => {
    expect(visibleControls({ type: ChartBasis.risk, riskType: ChartRiskBasis.byIssue }, full)).toContain('issueDesc');
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
    expect(visibleControls({ workType: ChartWorkType.comparison }, full)).toContain('comparisonRange');
    expect(visibleControls({ workType: ChartWorkType.trend }, full)).not.toContain('comparisonRange');
    expect(visibleControls({}, defineFilterConfig({ fields: ['comparisonRange'] }))).toEqual(['comparisonRange']);
  });
});
