import { useMemo, useState } from 'react';
import { Button, Checkbox, Input, Select } from '@arco-design/web-react';
import { IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MaterialEndpoints, MaterialKind, MaterialLimits, Permission, type Material, type MaterialListBody, type Page } from '@pest/shared';
import { materialKeys, materialQueries } from '../../api/materials.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { DataTable } from '../../components/DataTable/index.ts';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { ListScreen } from '../../components/ListScreen/index.ts';
import { useCan } from '../../session/useCan.ts';
import { MaterialDialog } from './MaterialDialog.tsx';
import { materialColumns } from './materialColumns.tsx';
import { FIRST_MATERIAL_PAGE, NO_MATERIAL_FILTERS, materialListBody, type MaterialFilters } from './materialQuery.ts';
import './materials.css';

const NO_MATERIALS: Page<Material> = { total: 0, records: [] };

/**
 * 物料 (issue 41): the provider's materials catalogue, which the field app's materials step picks
 * from. Everyone who may see it reads it; those who manage it add, edit, disable and enable.
 * Materials are never deleted: the visits that used one keep it.
 */
export function MaterialListPage() {
  const { t } = useTranslation(['materials', 'route']);
  const canManage = useCan()(Permission.materialsManage);
  const [filters, setFilters] = useState<MaterialFilters>(NO_MATERIAL_FILTERS);
  const { request, submit, change } = useSubmittedRequest<MaterialListBody>(FIRST_MATERIAL_PAGE, (next) => [materialQueries.page(next).queryKey]);
  const page = useQuery({ ...materialQueries.page(request), placeholderData: keepPreviousData });
  // A material to edit, null for a new one; undefined: the dialog is shut.
  const [editing, setEditing] = useState<Material | null | undefined>(undefined);
  const set = (patch: Partial<MaterialFilters>) => setFilters((current) => ({ ...current, ...patch }));

  const changes = { invalidates: () => [materialKeys.all] };
  const disabling = useEndpointMutation(MaterialEndpoints.disable, { ...changes, success: () => t('materials:disabledDone') });
  const enabling = useEndpointMutation(MaterialEndpoints.enable, { ...changes, success: () => t('materials:enabledDone') });

  const columns = useMemo(
    () =>
      materialColumns(
        t,
        canManage
          ? {
              edit: setEditing,
              disable: (row) => disabling.mutate({ id: row.id, version: row.version }),
              enable: (row) => enabling.mutate({ id: row.id, version: row.version }),
            }
          : null,
      ),
    // The mutations' mutate functions are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canManage],
  );
  const shown = page.data ?? NO_MATERIALS;

  return (
    <ListScreen
      testId="materials-page"
      title={t('route:materialList')}
      extra={
        canManage && (
          <Button type="primary" icon={<IconPlus />} onClick={() => setEditing(null)} data-testid="material-add">
            {t('materials:add')}
          </Button>
        )
      }
      filters={
        <>
          <Input
            allowClear
            className="materials-keyword"
            placeholder={t('materials:keyword')}
            aria-label={t('materials:keyword')}
            value={filters.keyword ?? ''}
            onChange={(keyword) => set({ keyword })}
            onPressEnter={() => submit(materialListBody(filters))}
            // The contract's limit of a keyword (MaterialListBody), which exports no constant for it.
            maxLength={MaterialLimits.keyword}
            data-testid="material-keyword"
          />
          <Select
            mode="multiple"
            allowClear
            className="materials-types"
            placeholder={t('materials:types')}
            aria-label={t('materials:types')}
            value={filters.types}
            onChange={(types: MaterialKind[]) => set({ types })}
            options={Object.values(MaterialKind).map((kind) => ({ value: kind, label: t(`materials:kinds.${kind}`) }))}
            data-testid="material-types"
          />
          {/* Applied at once, as 显示已取消 is on the calendar: it shows more of the same search. */}
          <Checkbox
            className="materials-with-disabled"
            checked={filters.withDisabled}
            onChange={(withDisabled: boolean) => {
              const next = { ...filters, withDisabled };
              setFilters(next);
              submit(materialListBody(next));
            }}
            data-testid="material-with-disabled"
          >
            {t('materials:withDisabled')}
          </Checkbox>
          <Button type="primary" icon={<IconSearch />} onClick={() => submit(materialListBody(filters))} data-testid="material-query">
            {t('materials:query')}
          </Button>
          <Button
            icon={<IconRefresh />}
            onClick={() => {
              setFilters(NO_MATERIAL_FILTERS);
              submit(materialListBody(NO_MATERIAL_FILTERS));
            }}
            data-testid="material-reset"
          >
            {t('materials:reset')}
          </Button>
        </>
      }
    >
      <DataTable<Material>
        tableId="materials"
        testId="material-table"
        rowKey="id"
        columns={columns}
        data={shown.records}
        loading={page.isFetching && (page.isPending || page.isPlaceholderData)}
        pagination={false}
        rowAttributes={(row) => ({ 'data-testid': 'material-row', 'data-material-id': row.id })}
      />
      <TablePagination
        current={request.current}
        pageSize={request.size}
        total={shown.total}
        onChange={(current) => change((before) => ({ ...before, current }))}
        testId="material-pagination"
      />
      {editing !== undefined && <MaterialDialog editing={editing ?? undefined} onClose={() => setEditing(undefined)} />}
    </ListScreen>
  );
}
