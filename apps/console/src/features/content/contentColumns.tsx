import { Button, Popconfirm, Tag } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import { ContentState, type ContentItem } from '@pest/shared';
import type { DataColumn } from '../../components/DataTable/index.ts';

export interface ContentActions {
  edit(row: ContentItem): void;
  withdraw(row: ContentItem): void;
}

const STATE_COLOURS: Record<ContentState, string> = { draft: 'gray', published: 'green', withdrawn: 'orange' };

/** 未读's tag and its gap beside the title. */
const UNREAD_TAG = 48;

/** Whom an item is for, as one line: 全部客户, or its organisations. */
export const customersText = (t: TFunction<['content']>, row: Pick<ContentItem, 'customers'>) =>
  row.customers === null ? t('content:allCustomers') : row.customers.map((customer) => customer.name).join('、');

/** 内容's table: the title (opening the reading view, 未读 beside it), whom it is for, its state and when; the actions for those who manage it. */
export function contentColumns(t: TFunction<['content']>, open: (row: ContentItem) => void, actions: ContentActions | null): DataColumn<ContentItem>[] {
  const state = (row: ContentItem) => t(`content:states.${row.state}`);
  const columns: DataColumn<ContentItem>[] = [
    {
      key: 'title',
      title: t('content:title'),
      width: 200,
      pin: 'left',
      flexible: true,
      cellText: (row) => row.title,
      cellExtra: UNREAD_TAG,
      render: (_, row) => (
        <span className="content-title-cell">
          <Button type="text" size="mini" className="content-title-link" onClick={() => open(row)} data-testid="content-title">
            {row.title}
          </Button>
          {!row.read && (
            <Tag size="small" color="red" data-testid="content-unread">
              {t('content:unread')}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'customers', title: t('content:customers'), width: 120, cellText: (row) => customersText(t, row), render: (_, row) => customersText(t, row) },
    {
      key: 'state',
      title: t('content:state'),
      width: 70,
      cellText: state,
      render: (_, row) => (
        <Tag size="small" color={STATE_COLOURS[row.state]} data-testid="content-state">
          {state(row)}
        </Tag>
      ),
    },
    { key: 'publishedAt', title: t('content:publishedAt'), width: 140, cellText: (row) => row.publishedAt ?? '', render: (_, row) => row.publishedAt ?? '' },
    { key: 'author', title: t('content:author'), width: 80, optional: true, cellText: (row) => row.authorName, render: (_, row) => row.authorName },
  ];
  if (!actions) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      title: t('content:actions'),
      width: 110,
      pin: 'right',
      render: (_, row) => (
        <span className="content-actions">
          <Button type="text" size="mini" onClick={() => actions.edit(row)} data-testid="content-edit">
            {t('content:edit')}
          </Button>
          {row.state === ContentState.published && (
            <Popconfirm title={t('content:withdrawConfirm', { title: row.title })} onOk={() => actions.withdraw(row)}>
              <Button type="text" size="mini" status="danger" data-testid="content-withdraw">
                {t('content:withdraw')}
              </Button>
            </Popconfirm>
          )}
        </span>
      ),
    },
  ];
}
