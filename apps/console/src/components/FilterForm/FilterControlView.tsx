import { useMemo } from 'react';
import { Cascader, Radio, Select, TreeSelect } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { TimeType, type NamedItem } from '@pest/shared';
import { fetchRegionTree } from '../../api/filters.ts';
import type { FilterControl } from './controls.ts';
import { DateRangeField } from './DateRangeField.tsx';
import { planOptions } from './options/planOptions.ts';
import { regionCascaderOptions, serviceRegionTreeData } from './options/treeData.ts';
import { WIDE_POPUP } from './widePopup.ts';
import { OrganisationSelector } from './organisation/OrganisationSelector.tsx';
import {
  CustomerType,
  RiskBasis,
  StatisticBasis,
  WorkType,
  selectAreaPath,
  type DisabledFields,
  type FilterAction,
  type FilterFormConfig,
  type FilterFormState,
} from './rules/index.ts';
import type { CustomerListRequest, FilterOptions } from './useFilterOptions.ts';

/** Device kinds of a device row (console-spec section 3): 1 NB-IoT rodent box, 2 LoRa rodent box, 3 LoRa gateway. */
const DEVICE_KINDS = [
  { value: 1, key: 'deviceKindNbRodentBox' },
  { value: 2, key: 'deviceKindLoraRodentBox' },
  { value: 3, key: 'deviceKindLoraGateway' },
] as const;

const TIME_TYPES = [
  { value: TimeType.byMonth, key: 'timeTypeByMonth' },
  { value: TimeType.byOccurrence, key: 'timeTypeByOccurrence' },
] as const;

interface FilterControlViewProps {
  control: FilterControl;
  config: FilterFormConfig;
  state: FilterFormState;
  disabled: DisabledFields;
  options: FilterOptions;
  customerList: CustomerListRequest;
  dispatch(action: FilterAction): void;
}

const named = (items: readonly NamedItem[]) => items.map((item) => ({ value: item.id, label: item.name }));
/** A cleared multi-select is no choice at all, as the reducer and the request body have it. */
const chosen = <T,>(values: readonly T[] | undefined): T[] | undefined => (values?.length ? [...values] : undefined);
const ids = (keys: readonly string[] | undefined) => chosen(keys?.map(Number));

const MULTIPLE = { mode: 'multiple', maxTagCount: 2, allowClear: true, showSearch: true } as const;

/** The input of one filter control, bound to the reducer's state. */
export function FilterControlView({ control, config, state, disabled, options, customerList, dispatch }: FilterControlViewProps) {
  const { t } = useTranslation(['filter']);
  const choose = t('filter:choose');
  const waitForPlan = disabled.serviceRegion ? t('filter:choosePlanFirst') : choose;
  const serviceRegionTree = useMemo(() => serviceRegionTreeData(options.serviceRegions), [options.serviceRegions]);
  const regionOptions = useMemo(() => regionCascaderOptions(options.regionTree), [options.regionTree]);
  const testId = `filter-${control}`;

  switch (control) {
    case 'customerType':
      return (
        <Radio.Group
          type="button"
          data-testid={testId}
          value={state.customerType}
          onChange={(value: CustomerType) => dispatch({ type: 'change', field: 'customerType', value })}
          options={[
            { value: CustomerType.region, label: t('filter:customerTypeRegion') },
            { value: CustomerType.customer, label: t('filter:customerTypeCustomer') },
          ]}
        />
      );
    case 'area':
      return config.areaMode === 'multiple' ? (
        <Select
          {...MULTIPLE}
          data-testid={testId}
          placeholder={choose}
          options={named(options.salesAreas)}
          value={state.areaIds ? [...state.areaIds] : []}
          onChange={(value: number[]) => dispatch({ type: 'change', field: 'areaIds', value: chosen(value) })}
        />
      ) : (
        <Select
          data-testid={testId}
          allowClear
          placeholder={choose}
          options={named(options.salesAreas)}
          value={state.areaId}
          onChange={(value: number | undefined) => dispatch({ type: 'change', field: 'areaId', value })}
        />
      );
    case 'areaCascader':
      return (
        <Cascader
          data-testid={testId}
          changeOnSelect
          allowClear
          showSearch
          placeholder={choose}
          options={regionOptions}
          value={state.provinceId === undefined ? undefined : selectAreaPath(state).map(String)}
          loadMore={async (path: string[], level: number) =>
            regionCascaderOptions(await fetchRegionTree(Number(path[path.length - 1])).catch(() => []), level + 1)
          }
          onChange={(path) => dispatch({ type: 'changeAreaPath', path: (path as string[] | undefined)?.map(Number) ?? [] })}
        />
      );
    case 'contacts':
      return (
        <Select
          {...MULTIPLE}
          data-testid={testId}
          placeholder={choose}
          options={options.contacts.map((name) => ({ value: name, label: name }))}
          value={state.contactNameList ? [...state.contactNameList] : []}
          onChange={(value: string[]) => dispatch({ type: 'change', field: 'contactNameList', value: chosen(value) })}
        />
      );
    case 'organisation': {
      const multiple = config.organisationMode === 'multiple';
      return (
        <OrganisationSelector
          multiple={multiple}
          value={multiple ? (state.customerIds ?? []) : state.customerId === undefined ? [] : [state.customerId]}
          onChange={(value) =>
            multiple
              ? dispatch({ type: 'change', field: 'customerIds', value: chosen(value) })
              : dispatch({ type: 'change', field: 'customerId', value: value[0] })
          }
          listRequest={customerList}
          disabled={disabled.organisation}
        />
      );
    }
    case 'plan':
      return (
        <Select
          data-testid={testId}
          allowClear
          disabled={disabled.plan}
          placeholder={disabled.plan ? t('filter:chooseOrganisationFirst') : choose}
          options={planOptions(options.plans)}
          triggerProps={WIDE_POPUP}
          value={state.servicePlanId}
          onChange={(value: number | undefined) => dispatch({ type: 'change', field: 'servicePlanId', value })}
        />
      );
    case 'serviceRegion':
      return (
        <TreeSelect
          data-testid={testId}
          treeCheckable
          treeCheckedStrategy="all"
          allowClear
          maxTagCount={2}
          disabled={disabled.serviceRegion}
          placeholder={waitForPlan}
          treeData={serviceRegionTree}
          value={state.regionIds?.map(String) ?? []}
          onChange={(value: string[]) => dispatch({ type: 'change', field: 'regionIds', value: ids(value) })}
        />
      );
    case 'deviceType':
      return (
        <Select
          {...MULTIPLE}
          data-testid={testId}
          disabled={disabled.deviceType}
          placeholder={waitForPlan}
          options={named(options.deviceTypes)}
          value={state.deviceTypeIds ? [...state.deviceTypeIds] : []}
          onChange={(value: number[]) => dispatch({ type: 'change', field: 'deviceTypeIds', value: chosen(value) })}
        />
      );
    case 'device':
      return (
        <Select
          {...MULTIPLE}
          data-testid={testId}
          disabled={disabled.device}
          placeholder={waitForPlan}
          options={options.points.map((point) => ({ value: point.id, label: point.name }))}
          triggerProps={WIDE_POPUP}
          value={state.pointIds ? [...state.pointIds] : []}
          onChange={(value: number[]) => dispatch({ type: 'change', field: 'pointIds', value: chosen(value) })}
        />
      );
    case 'deviceKind':
      return (
        <Select
          data-testid={testId}
          allowClear
          placeholder={choose}
          options={DEVICE_KINDS.map((kind) => ({ value: kind.value, label: t(`filter:${kind.key}`) }))}
          value={state.deviceType}
          onChange={(value: number | undefined) => dispatch({ type: 'change', field: 'deviceType', value })}
        />
      );
    case 'basis':
      return (
        <Radio.Group
          type="button"
          data-testid={testId}
          value={state.type}
          onChange={(value: StatisticBasis) => dispatch({ type: 'change', field: 'type', value })}
          options={[
            { value: StatisticBasis.pest, label: t('filter:basisPest') },
            { value: StatisticBasis.risk, label: t('filter:basisRisk') },
          ]}
        />
      );
    case 'riskBasis':
      return (
        <Radio.Group
          type="button"
          data-testid={testId}
          value={state.riskType}
          onChange={(value: RiskBasis) => dispatch({ type: 'change', field: 'riskType', value })}
          options={[
            { value: RiskBasis.byRiskType, label: t('filter:riskBasisByType') },
            { value: RiskBasis.byIssue, label: t('filter:riskBasisByIssue') },
          ]}
        />
      );
    case 'riskType':
      return (
        <Select
          {...MULTIPLE}
          data-testid={testId}
          disabled={disabled.riskType}
          placeholder={waitForPlan}
          options={named(options.riskTypes)}
          value={state.riskTypeIds ? [...state.riskTypeIds] : []}
          onChange={(value: number[]) => {
            dispatch({ type: 'change', field: 'riskTypeIds', value: chosen(value) });
            // The risk choice reports risk types by name.
            if (config.fields.has('riskBasis')) {
              const names = options.riskTypes.filter((type) => value.includes(type.id)).map((type) => type.name);
              dispatch({ type: 'change', field: 'riskTypeNames', value: chosen(names) });
            }
          }}
        />
      );
    case 'issueDesc':
      return (
        <Select
          {...MULTIPLE}
          data-testid={testId}
          disabled={disabled.riskType}
          placeholder={waitForPlan}
          options={options.riskIssues.map((issue) => ({ value: issue.name, label: issue.name }))}
          value={state.issueDescNames ? [...state.issueDescNames] : []}
          onChange={(value: string[]) => dispatch({ type: 'change', field: 'issueDescNames', value: chosen(value) })}
        />
      );
    case 'pests':
      return (
        <Select
          {...MULTIPLE}
          data-testid={testId}
          placeholder={choose}
          options={named(options.pests)}
          value={state.petIds ? [...state.petIds] : []}
          onChange={(value: number[]) => dispatch({ type: 'change', field: 'petIds', value: chosen(value) })}
        />
      );
    case 'workType':
      return (
        <Radio.Group
          type="button"
          data-testid={testId}
          value={state.workType}
          onChange={(value: WorkType) => dispatch({ type: 'change', field: 'workType', value })}
          options={[
            { value: WorkType.trend, label: t('filter:workTypeTrend') },
            { value: WorkType.comparison, label: t('filter:workTypeComparison') },
          ]}
        />
      );
    case 'timeType':
      // A select, not radios: "no time type" is a choice (the dashboard then offers its own month/quarter toggle).
      return (
        <Select
          data-testid={testId}
          allowClear
          placeholder={choose}
          options={TIME_TYPES.map((type) => ({ value: type.value, label: t(`filter:${type.key}`) }))}
          value={state.timeType}
          onChange={(value: TimeType | undefined) => dispatch({ type: 'change', field: 'timeType', value })}
        />
      );
    case 'dateRange':
      return (
        <DateRangeField
          testId={testId}
          withShortcuts
          value={state.dateRange}
          onChange={(value) => dispatch({ type: 'change', field: 'dateRange', value })}
        />
      );
    case 'comparisonRange':
      return (
        <DateRangeField
          testId={testId}
          value={state.comparisonRange}
          onChange={(value) => dispatch({ type: 'change', field: 'comparisonRange', value })}
        />
      );
  }
}
