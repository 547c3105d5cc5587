import {
  ChartBasis,
  ChartCustomerType,
  ChartRiskBasis,
  ChartWorkType,
  DeviceKind,
  TimeType,
  type FilterFormConfig,
  type NamedItem,
} from '@pest/shared';
import type { FilterControl } from '../controls.ts';
import { planOptions } from '../options/planOptions.ts';
import { AreaCascaderControl } from './AreaCascaderControl.tsx';
import { OrganisationControl } from './OrganisationControl.tsx';
import { ServiceRegionControl } from './ServiceRegionControl.tsx';
import { change, chosen, type FieldContext, type FieldDefinition, type SelectOption, type Translate } from './fieldTypes.ts';

const named = (items: readonly NamedItem[]): SelectOption[] => items.map((item) => ({ value: item.id, label: item.name }));
const byName = (items: readonly { name: string }[]): SelectOption[] => items.map((item) => ({ value: item.name, label: item.name }));

const choose = (_context: FieldContext, t: Translate) => t('filter:choose');
/** What waits for a plan says so while there is none. */
const waitForPlan = (context: FieldContext, t: Translate) => (context.disabled.serviceRegion ? t('filter:choosePlanFirst') : t('filter:choose'));

/** Device kinds of a device row (console-spec section 3). */
const deviceKinds = (_context: FieldContext, t: Translate): SelectOption[] => [
  { value: DeviceKind.nbIotRodentBox, label: t('filter:deviceKindNbRodentBox') },
  { value: DeviceKind.loraRodentBox, label: t('filter:deviceKindLoraRodentBox') },
  { value: DeviceKind.loraGateway, label: t('filter:deviceKindLoraGateway') },
];

const timeTypes = (_context: FieldContext, t: Translate): SelectOption[] => [
  { value: TimeType.byMonth, label: t('filter:timeTypeByMonth') },
  { value: TimeType.byOccurrence, label: t('filter:timeTypeByOccurrence') },
];

/** The sales-area select gives areaId or areaIds, as the screen's config says. */
const area = (config: FilterFormConfig): FieldDefinition =>
  config.areaMode === 'multiple'
    ? { kind: 'select', multiple: true, field: 'areaIds', placeholder: choose, options: (context) => named(context.options.salesAreas) }
    : { kind: 'select', field: 'areaId', placeholder: choose, options: (context) => named(context.options.salesAreas) };

/** Every control of the form: what it edits and how it shows. FilterControlView renders them. */
const FIELD_DEFINITIONS: Record<FilterControl, FieldDefinition | ((config: FilterFormConfig) => FieldDefinition)> = {
  customerType: {
    kind: 'radio',
    field: 'customerType',
    choices: [
      { value: ChartCustomerType.region, label: (t) => t('filter:customerTypeRegion') },
      { value: ChartCustomerType.customer, label: (t) => t('filter:customerTypeCustomer') },
    ],
  },
  area,
  areaCascader: { kind: 'custom', Control: AreaCascaderControl },
  contacts: {
    kind: 'select',
    multiple: true,
    field: 'contactNameList',
    placeholder: choose,
    options: (context) => context.options.contacts.map((name) => ({ value: name, label: name })),
  },
  organisation: { kind: 'custom', Control: OrganisationControl },
  plan: {
    kind: 'select',
    field: 'servicePlanId',
    disabledBy: 'plan',
    placeholder: (context, t) => (context.disabled.plan ? t('filter:chooseOrganisationFirst') : t('filter:choose')),
    options: (context) => planOptions(context.options.plans),
    wide: true,
  },
  serviceRegion: { kind: 'custom', Control: ServiceRegionControl },
  deviceType: {
    kind: 'select',
    multiple: true,
    field: 'deviceTypeIds',
    disabledBy: 'deviceType',
    placeholder: waitForPlan,
    options: (context) => named(context.options.deviceTypes),
  },
  device: {
    kind: 'select',
    multiple: true,
    field: 'pointIds',
    disabledBy: 'device',
    placeholder: waitForPlan,
    options: (context) => named(context.options.points),
    wide: true,
  },
  deviceKind: { kind: 'select', field: 'deviceType', placeholder: choose, options: deviceKinds },
  basis: {
    kind: 'radio',
    field: 'type',
    choices: [
      { value: ChartBasis.pest, label: (t) => t('filter:basisPest') },
      { value: ChartBasis.risk, label: (t) => t('filter:basisRisk') },
    ],
  },
  riskBasis: {
    kind: 'radio',
    field: 'riskType',
    choices: [
      { value: ChartRiskBasis.byRiskType, label: (t) => t('filter:riskBasisByType') },
      { value: ChartRiskBasis.byIssue, label: (t) => t('filter:riskBasisByIssue') },
    ],
  },
  riskType: {
    kind: 'select',
    multiple: true,
    field: 'riskTypeIds',
    disabledBy: 'riskType',
    placeholder: waitForPlan,
    options: (context) => named(context.options.riskTypes),
    // The risk choice reports risk types by name.
    alsoChange: (values, { config, options }) =>
      config.fields.has('riskBasis')
        ? [change('riskTypeNames', chosen(options.riskTypes.filter((type) => values.includes(type.id)).map((type) => type.name)))]
        : [],
  },
  issueDesc: {
    kind: 'select',
    multiple: true,
    field: 'issueDescNames',
    disabledBy: 'riskType',
    placeholder: waitForPlan,
    options: (context) => byName(context.options.riskIssues),
  },
  pests: { kind: 'select', multiple: true, field: 'petIds', placeholder: choose, options: (context) => named(context.options.pests) },
  workType: {
    kind: 'radio',
    field: 'workType',
    choices: [
      { value: ChartWorkType.trend, label: (t) => t('filter:workTypeTrend') },
      { value: ChartWorkType.comparison, label: (t) => t('filter:workTypeComparison') },
    ],
  },
  // A select, not radios: "no time type" is a choice (the dashboard then offers its own month/quarter toggle).
  timeType: { kind: 'select', field: 'timeType', placeholder: choose, options: timeTypes },
  dateRange: { kind: 'dateRange', field: 'dateRange', withShortcuts: true },
  comparisonRange: { kind: 'dateRange', field: 'comparisonRange' },
};

/** How `control` shows on a screen with `config`. */
export function fieldDefinition(control: FilterControl, config: FilterFormConfig): FieldDefinition {
  const definition = FIELD_DEFINITIONS[control];
  return typeof definition === 'function' ? definition(config) : definition;
}
