import { useMemo, useState } from 'react';
import { Button, Select, Tabs } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ContentEndpoints, ContentKind, ContentState, Permission, type ContentItem, type Page } from '@pest/shared';
import { contentKeys, contentQueries } from '../../api/content.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { DataTable } from '../../components/DataTable/index.ts';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { ListScreen } from '../../components/ListScreen/index.ts';
import { pathWithId, routePaths } from '../../navigation/routePaths.ts';
import { useCan } from '../../session/useCan.ts';
import { contentColumns } from './contentColumns.tsx';
import { contentListBody, kindFromSearch } from './contentQuery.ts';
import './content.css';

const NO_CONTENT: Page<ContentItem> = { total: 0, records: [] };

/**
 * 内容 (issue 41): 通知公告 and 知识文章 in two tabs, newest first, each with whom it is for, its
 * state and 未读 until the reader opens it. Those who manage content write (新建), edit and
 * withdraw (撤回; nothing is deleted) and see drafts and withdrawn ones, which they may filter by.
 */
export function ContentListPage() {
  const { t } = useTranslation(['content', 'route']);
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const kind = kindFromSearch(search);
  const canManage = useCan()(Permission.contentManage);
  const [state, setState] = useState<ContentState | undefined>(undefined);
  const [current, setCurrent] = useState(1);
  const request = contentListBody(kind, state, current);
  const page = useQuery({ ...contentQueries.page(request), placeholderData: keepPreviousData });

  const withdrawing = useEndpointMutation(ContentEndpoints.withdraw, { success: () => t('content:withdrawnDone'), invalidates: () => [contentKeys.all] });
  const columns = useMemo(
    () =>
      contentColumns(
        t,
        (row) => navigate(pathWithId(routePaths.contentDetail, row.id)),
        canManage
          ? {
              edit: (row) => navigate(pathWithId(routePaths.contentEdit, row.id)),
              withdraw: (row) => withdrawing.mutate({ id: row.id, version: row.version }),
            }
          : null,
      ),
    // The mutation's mutate function is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canManage, navigate],
  );
  const shown = page.data ?? NO_CONTENT;
  const changeKind = (next: string) => {
    setCurrent(1);
    setSearch({ kind: next }, { replace: true });
  };

  return (
    <ListScreen
      testId="content-page"
      title={t('route:contentList')}
      extra={
        canManage && (
          <Button type="primary" icon={<IconPlus />} onClick={() => navigate(`${routePaths.contentEdit}?kind=${kind}`)} data-testid="content-add">
            {t('content:add')}
          </Button>
        )
      }
      filters={
        canManage ? (
          <Select
            allowClear
            className="content-state-filter"
            placeholder={t('content:allStates')}
            aria-label={t('content:state')}
            value={state}
            onChange={(next?: ContentState) => {
              setCurrent(1);
              setState(next);
            }}
            options={Object.values(ContentState).map((value) => ({ value, label: t(`content:states.${value}`) }))}
            data-testid="content-state-filter"
          />
        ) : undefined
      }
    >
      <Tabs activeTab={kind} onChange={changeKind} data-testid="content-tabs">
        {Object.values(ContentKind).map((value) => (
          <Tabs.TabPane key={value} title={<span data-testid={`content-tab-${value}`}>{t(`content:kinds.${value}`)}</span>} />
        ))}
      </Tabs>
      <DataTable<ContentItem>
        tableId="content"
        testId="content-table"
        rowKey="id"
        columns={columns}
        data={shown.records}
        loading={page.isFetching && (page.isPending || page.isPlaceholderData)}
        pagination={false}
        rowAttributes={(row) => ({ 'data-testid': 'content-row', 'data-content-id': row.id })}
      />
      <TablePagination current={request.current} pageSize={request.size} total={shown.total} onChange={(next) => setCurrent(next)} testId="content-pagination" />
    </ListScreen>
  );
}
