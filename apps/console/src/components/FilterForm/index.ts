export { FilterForm, type FilterFormProps } from './FilterForm.tsx';
export { FilterItem } from './FilterItem.tsx';
export {
  CustomerType,
  FILTER_FIELDS,
  FilterMessages,
  RiskBasis,
  StatisticBasis,
  WorkType,
  defineFilterConfig,
  type FilterField,
  type FilterFormConfig,
  type FilterParams,
} from './rules/index.ts';
