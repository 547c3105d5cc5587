import { splitRange } from '../dateRange.ts';
import { compactParams } from '../params.ts';
import type { FilterField, FilterFormConfig } from './config.ts';
import type { FilterFormState } from './state.ts';

/** The query's request body: the shown fields' values, ranges split into bounds, empty values absent. */
export type FilterParams = Omit<FilterFormState, 'dateRange' | 'comparisonRange'> & {
  startTime?: string;
  endTime?: string;
  comparisonStartTime?: string;
  comparisonEndTime?: string;
};

/** Only fields the form shows are sent, so a value left behind by a hidden control never leaks into a query. */
export function buildParams(state: FilterFormState, config: FilterFormConfig): FilterParams {
  const shown = <T>(field: FilterField, value: T): T | undefined => (config.fields.has(field) ? value : undefined);
  const singleOrganisation = config.organisationMode === 'single';
  const singleArea = config.areaMode === 'single';
  const time = shown('dateRange', splitRange(state.dateRange)) ?? {};
  const comparison = shown('comparisonRange', splitRange(state.comparisonRange)) ?? {};
  return compactParams({
    customerId: shown('organisation', singleOrganisation ? state.customerId : undefined),
    customerIds: shown('organisation', singleOrganisation ? undefined : state.customerIds),
    customerType: shown('customerType', state.customerType),
    areaId: shown('area', singleArea ? state.areaId : undefined),
    areaIds: shown('area', singleArea ? undefined : state.areaIds),
    provinceId: shown('areaCascader', state.provinceId),
    cityId: shown('areaCascader', state.cityId),
    districtId: shown('areaCascader', state.districtId),
    contactNameList: shown('contacts', state.contactNameList),
    servicePlanId: shown('plan', state.servicePlanId),
    regionIds: shown('serviceRegion', state.regionIds),
    riskTypeIds: shown('riskType', state.riskTypeIds),
    deviceTypeIds: shown('deviceType', state.deviceTypeIds),
    pointIds: shown('device', state.pointIds),
    deviceType: shown('deviceKind', state.deviceType),
    type: shown('basis', state.type),
    workType: shown('workType', state.workType),
    riskType: shown('riskBasis', state.riskType),
    riskTypeNames: shown('riskBasis', state.riskTypeNames),
    issueDescNames: shown('riskBasis', state.issueDescNames),
    petIds: shown('pests', state.petIds),
    timeType: shown('timeType', state.timeType),
    startTime: time.startTime,
    endTime: time.endTime,
    comparisonStartTime: comparison.startTime,
    comparisonEndTime: comparison.endTime,
  });
}
