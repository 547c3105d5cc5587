import { ChartBasis, ChartCustomerType, ChartRiskBasis, ChartWorkType } from '../../contract/charts/index.ts';
import { TimeType, type DateRangeValue } from '../dateRange.ts';
import type { FilterFormConfig } from './config.ts';

/**
 * The filter form entity (console-spec section 3). Every value is optional: undefined is the
 * empty choice, which is also what cascades clear to. Disabled flags are derived (the console's selectors).
 */
export interface FilterFormState {
  customerId?: number;
  customerIds?: readonly number[];
  customerType?: ChartCustomerType;
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
  /** Statistic basis (统计口径). */
  type?: ChartBasis;
  /** Report type (报表类型). */
  workType?: ChartWorkType;
  /** Risk choice (风险选择). */
  riskType?: ChartRiskBasis;
  petIds?: readonly number[];
  timeType?: TimeType;
  /** Day bounds, or month bounds (`YYYY-MM`) from a month picker. */
  dateRange?: DateRangeValue;
  comparisonRange?: DateRangeValue;
}

/** The form as it opens and as Reset leaves it (at `now`): the spec's defaults for the fields the form shows. */
export function initialFilterState(config: FilterFormConfig, now = new Date()): FilterFormState {
  const state: FilterFormState = {};
  if (config.fields.has('dateRange') && config.defaultDateRange) state.dateRange = config.defaultDateRange(now);
  if (config.fields.has('basis')) state.type = ChartBasis.risk;
  if (config.fields.has('workType')) state.workType = ChartWorkType.comparison;
  if (config.fields.has('timeType') && config.defaultTimeType) state.timeType = TimeType.byMonth;
  return state;
}
