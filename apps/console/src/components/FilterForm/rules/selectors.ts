import {
  FILTER_FIELDS,
  compactParams,
  hasOrganisation,
  type FilterField,
  type FilterFormConfig,
  type FilterFormState,
} from '@pest/shared';

/** Fields whose options come from the chosen service plan. */
const PLAN_DEPENDENT_FIELDS: readonly FilterField[] = ['serviceRegion', 'riskType', 'deviceType', 'device'];

export type DisabledFields = Readonly<Record<FilterField, boolean>>;

/**
 * The service plan waits for an organisation; the plan's regions, risk types, device types and
 * devices wait for a plan. A dependency only counts when the form shows the field it waits for,
 * so a screen without a plan selector does not lock its risk types forever.
 */
export function selectDisabled(state: FilterFormState, config: FilterFormConfig): DisabledFields {
  const waitsForOrganisation = config.fields.has('organisation') && !hasOrganisation(state);
  const waitsForPlan = config.fields.has('plan') && state.servicePlanId === undefined;
  const disabled = Object.fromEntries(FILTER_FIELDS.map((field) => [field, false])) as Record<FilterField, boolean>;
  disabled.plan = waitsForOrganisation;
  for (const field of PLAN_DEPENDENT_FIELDS) disabled[field] = waitsForPlan;
  return disabled;
}

/** The area cascader's value: the chosen path, province first. */
export function selectAreaPath(state: FilterFormState): number[] {
  const path: number[] = [];
  for (const id of [state.provinceId, state.cityId, state.districtId]) {
    if (id === undefined) break;
    path.push(id);
  }
  return path;
}

export interface CustomerListQuery {
  areaId?: number;
  areaIds?: readonly number[];
  provinceId?: number;
  cityId?: number;
  districtId?: number;
  contactNameList?: readonly string[];
}

/** The filters the organisation/store list is searched by; empty ones absent. */
export function selectCustomerListQuery(state: FilterFormState): CustomerListQuery {
  return compactParams({
    areaId: state.areaId,
    areaIds: state.areaIds,
    provinceId: state.provinceId,
    cityId: state.cityId,
    districtId: state.districtId,
    contactNameList: state.contactNameList,
  });
}
