import {
  ChartBasis,
  ChartRiskBasis,
  ChartWorkType,
  type FilterField,
  type FilterFormConfig,
  type FilterFormState,
} from '@pest/shared';

/**
 * The form's controls: one per field, plus the issue descriptions the risk choice adds (具体问题).
 * The risk type select serves both the `riskType` field (ids) and the `riskBasis` field (names).
 */
export type FilterControl = FilterField | 'issueDesc';

/** Grid order: what narrows the store list first, then the store and what hangs off it, then the report's own choices. */
const CONTROL_ORDER: readonly FilterControl[] = [
  'customerType',
  'area',
  'areaCascader',
  'contacts',
  'organisation',
  'plan',
  'serviceRegion',
  'deviceType',
  'device',
  'deviceKind',
  'basis',
  'riskBasis',
  'riskType',
  'issueDesc',
  'pests',
  'workType',
  'timeType',
  'dateRange',
  'comparisonRange',
];

/**
 * The controls to show now, in grid order. The statistic basis shows either the pest or the risk
 * choices (the reducer clears the other side's values when it changes); issue descriptions show
 * for "by issue"; the comparison range only for a comparison report (the reducer clears it otherwise).
 */
export function visibleControls(state: FilterFormState, config: FilterFormConfig): FilterControl[] {
  const has = (field: FilterField) => config.fields.has(field);
  const basisAllows = (basis: ChartBasis) => !has('basis') || state.type === basis;
  const risk = basisAllows(ChartBasis.risk);
  const shown: Record<FilterControl, boolean> = {
    customerType: has('customerType'),
    area: has('area'),
    areaCascader: has('areaCascader'),
    contacts: has('contacts'),
    organisation: has('organisation'),
    plan: has('plan'),
    serviceRegion: has('serviceRegion'),
    deviceType: has('deviceType'),
    device: has('device'),
    deviceKind: has('deviceKind'),
    basis: has('basis'),
    riskBasis: has('riskBasis') && risk,
    riskType: (has('riskType') || has('riskBasis')) && risk,
    issueDesc: has('riskBasis') && risk && state.riskType === ChartRiskBasis.byIssue,
    pests: has('pests') && basisAllows(ChartBasis.pest),
    workType: has('workType'),
    timeType: has('timeType'),
    dateRange: has('dateRange'),
    comparisonRange: has('comparisonRange') && (!has('workType') || state.workType === ChartWorkType.comparison),
  };
  return CONTROL_ORDER.filter((control) => shown[control]);
}
