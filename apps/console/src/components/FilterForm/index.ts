export { FilterForm, type FilterFormProps } from './FilterForm.tsx';
export { FilterItem } from './FilterItem.tsx';
// The form's fields, configuration and request body are shared with the server (@pest/shared's filter rules).
export { FILTER_FIELDS, defineFilterConfig, type FilterField, type FilterFormConfig, type FilterParams } from '@pest/shared';
