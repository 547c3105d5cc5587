import { useMemo } from 'react';
import { TreeSelect } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { serviceRegionTreeData } from '../options/treeData.ts';
import { chosen, type FieldContext } from './fieldTypes.ts';

/** The chosen plan's regions as a checkable tree; a parent counts as chosen along with its children. */
export function ServiceRegionControl({ context, testId }: { context: FieldContext; testId: string }) {
  const { t } = useTranslation(['filter']);
  const { state, disabled, options, dispatch } = context;
  const treeData = useMemo(() => serviceRegionTreeData(options.serviceRegions), [options.serviceRegions]);
  return (
    <TreeSelect
      data-testid={testId}
      treeCheckable
      treeCheckedStrategy="all"
      allowClear
      maxTagCount={2}
      disabled={disabled.serviceRegion}
      placeholder={disabled.serviceRegion ? t('filter:choosePlanFirst') : t('filter:choose')}
      treeData={treeData}
      value={state.regionIds?.map(String) ?? []}
      onChange={(value: string[] | undefined) => dispatch({ type: 'change', field: 'regionIds', value: chosen(value?.map(Number)) })}
    />
  );
}
