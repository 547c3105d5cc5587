import { useMemo } from 'react';
import { Cascader } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { fetchRegionTree } from '../../../api/filters.ts';
import { regionCascaderOptions } from '../options/treeData.ts';
import { selectAreaPath } from '../rules/index.ts';
import type { FieldContext } from './fieldTypes.ts';

/** Province, city and district in one cascader; each level loads when it is opened. */
export function AreaCascaderControl({ context, testId }: { context: FieldContext; testId: string }) {
  const { t } = useTranslation(['filter']);
  const { state, options, dispatch } = context;
  const regionOptions = useMemo(() => regionCascaderOptions(options.regionTree), [options.regionTree]);
  return (
    <Cascader
      data-testid={testId}
      changeOnSelect
      allowClear
      showSearch
      placeholder={t('filter:choose')}
      options={regionOptions}
      value={state.provinceId === undefined ? undefined : selectAreaPath(state).map(String)}
      loadMore={async (path: string[], level: number) =>
        regionCascaderOptions(await fetchRegionTree(Number(path[path.length - 1])).catch(() => []), level + 1)
      }
      onChange={(path) => dispatch({ type: 'changeAreaPath', path: (path as string[] | undefined)?.map(Number) ?? [] })}
    />
  );
}
