import { ChartBasis, ChartCustomerType, ChartRiskBasis, ChartWorkType, TimeType, type DateRangeValue } from '@pest/shared';
import type { FilterFormConfig } from './config.ts';

// The form's codes are the contract's (screen 8's search form), under the names the form uses.
export const CustomerType = ChartCustomerType;
export type CustomerType = ChartCustomerType;

/** Statistic basis (统计口径), sent as `type`. */
export const StatisticBasis = ChartBasis;
export type StatisticBasis = ChartBasis;

/** Report type (报表类型). */
export const WorkType = ChartWorkType;
export type WorkType = ChartWorkType;

/** Risk choice (风险选择), sent as `riskType`. */
export const RiskBasis = ChartRiskBasis;
export type RiskBasis = ChartRiskBasis;

/**
 * The filter form entity (console-spec section 3). Every value is optional: undefined is the
 * empty choice, which is also what cascades clear to. Disabled flags are derived (selectors.ts).
 */
export interface FilterFormState {
  customerId?: number;
  customerIds?: readonly number[];
  customerType?: CustomerType;
  areaId?: number;
  areaIds?: readonly number[];
  provinceId?: number;
  cityId?: number;
  districtId?: number;
  contactNameList?: readonly string[];
  servicePlanId?: number;
  regionIds?: readonly number[];
  riskTypeIds?: readonly number[];
  riskTypeNames?: readonly string[];
  issueDescNames?: readonly string[];
  deviceTypeIds?: readonly number[];
  pointIds?: readonly number[];
  deviceType?: number;
  type?: StatisticBasis;
  workType?: WorkType;
  riskType?: RiskBasis;
  petIds?: readonly number[];
  timeType?: TimeType;
  /** Day bounds, or month bounds (`YYYY-MM`) from a month picker. */
  dateRange?: DateRangeValue;
  comparisonRange?: DateRangeValue;
}

/** The form as it opens and as Reset leaves it: the spec's defaults for the fields the form shows. */
export function initialFilterState(config: FilterFormConfig): FilterFormState {
  const state: FilterFormState = {};
  if (config.fields.has('basis')) state.type = StatisticBasis.risk;
  if (config.fields.has('workType')) state.workType = WorkType.comparison;
  if (config.fields.has('timeType') && config.defaultTimeType) state.timeType = TimeType.byMonth;
  return state;
}
