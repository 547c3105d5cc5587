import { lazy, Suspense, useCallback, useState } from 'react';
import { Button, Checkbox, Form, Input, Message, Radio, Result, Select, Spin } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ContentEndpoints, ContentKind, ContentLimits, CustomerKind, TOAST_DURATION_MS, type ContentCustomer, type ContentDetail } from '@pest/shared';
import { contentKeys, contentQueries } from '../../api/content.ts';
import { customerQueries } from '../../api/customers.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { useDebouncedValue } from '../../components/FilterForm/useDebouncedValue.ts';
import { routePaths } from '../../navigation/routePaths.ts';
import { contentBody, contentValuesOf, newContentValues, type ContentValues } from './contentForm.ts';
import { contentIdFromSearch, kindFromSearch } from './contentQuery.ts';
import './content.css';

// TipTap and ProseMirror are a chunk of their own, loaded when someone writes: not with the list, not with the console.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx').then((m) => ({ default: m.RichTextEditor })));

/** The organisations offered: one kind only, so the list is the customers' tops. */
const ORGANISATIONS = [CustomerKind.organisation] as const;

/**
 * 新建 / 编辑 a notice or article (/content/edit, `?id=` for an edit, `?kind=` for a new one): its
 * kind, title, whom it is for (全部客户 or chosen organisations) and its body in the editor. 保存草稿
 * keeps it from its readers, 发布 puts it out. The version loaded goes with the save, so a save over
 * someone else's is refused with the server's words.
 */
export function ContentEditPage() {
  const { t } = useTranslation(['content']);
  const [search] = useSearchParams();
  const id = contentIdFromSearch(search);
  const kind = kindFromSearch(search);
  return (
    <section className="content-sheet" data-testid="content-edit-page">
      {id !== undefined ? (
        <EditedContent key={id} id={id} />
      ) : search.get('id') !== null ? (
        <Result status="404" subTitle={t('content:missing')} data-testid="content-missing" />
      ) : (
        <ContentForm key="new" kind={kind} />
      )}
    </section>
  );
}

function EditedContent({ id }: { id: number }) {
  const { t } = useTranslation(['content']);
  const { data: item, isError } = useQuery({ ...contentQueries.detail(id), staleTime: 0 });
  if (isError) return <Result status="404" subTitle={t('content:missing')} data-testid="content-missing" />;
  if (!item) return <Spin className="content-loading" />;
  return <ContentForm key={item.version} kind={item.kind} editing={item} />;
}

function ContentForm({ kind, editing }: { kind: ContentKind; editing?: ContentDetail }) {
  const { t } = useTranslation(['content', 'route']);
  const navigate = useNavigate();
  const [values, setValues] = useState<ContentValues>(() => (editing ? contentValuesOf(editing) : newContentValues(kind)));
  const [chosen, setChosen] = useState<ContentCustomer[]>(editing?.customers ?? []);
  const [uploading, setUploading] = useState(0);
  // The editor reads its content once, when it starts.
  const [initialHtml] = useState(values.html);
  const [keyword, setKeyword] = useState('');
  const searched = useDebouncedValue(keyword.trim(), 400);
  const found = useQuery({ ...customerQueries.options(ORGANISATIONS, searched), placeholderData: keepPreviousData, enabled: !values.allCustomers });
  const set = (patch: Partial<ContentValues>) => setValues((current) => ({ ...current, ...patch }));
  const changeHtml = useCallback((html: string) => setValues((current) => ({ ...current, html })), []);

  const listed = (found.data?.records ?? []).map((node) => ({ id: node.id, name: node.name }));
  const options = [...chosen, ...listed.filter((node) => !chosen.some((each) => each.id === node.id))].map((node) => ({ value: node.id, label: node.name }));

  const back = () => navigate(`${routePaths.contentList}?kind=${values.kind}`);
  const saving = useEndpointMutation(ContentEndpoints.save, {
    success: (_, body) => (body.publish ? t('content:publishedDone') : t('content:savedDraft')),
    invalidates: () => [contentKeys.all],
  });
  const save = (publish: boolean) => {
    const check = contentBody(values, publish, uploading, editing);
    if (!check.ok) {
      Message.error({ content: t(`content:problem.${check.problem}`), duration: TOAST_DURATION_MS });
      return;
    }
    saving.mutate(check.body, { onSuccess: back });
  };

  return (
    <>
      <div className="content-sheet-bar">
        <Button type="text" icon={<IconLeft />} onClick={back} data-testid="content-back">
          {t('content:back')}
        </Button>
      </div>
      <h2 className="list-screen-title">{editing ? t('content:editTitle') : t('content:addTitle')}</h2>
      <Form layout="vertical" className="content-form" data-testid="content-form">
        <Form.Item label={t('content:kind')} required>
          <Radio.Group
            type="button"
            value={values.kind}
            onChange={(next: ContentKind) => set({ kind: next })}
            options={Object.values(ContentKind).map((value) => ({ value, label: t(`content:kinds.${value}`) }))}
            aria-label={t('content:kind')}
            data-testid="content-kind-input"
          />
        </Form.Item>
        <Form.Item label={t('content:title')} required>
          <Input
            value={values.title}
            maxLength={ContentLimits.title}
            placeholder={t('content:titlePlaceholder')}
            onChange={(title) => set({ title })}
            aria-label={t('content:title')}
            data-testid="content-title-input"
          />
        </Form.Item>
        <Form.Item label={t('content:customers')} required>
          <div className="content-form-customers">
            <Checkbox checked={values.allCustomers} onChange={(allCustomers: boolean) => set({ allCustomers })} data-testid="content-all-customers">
              {t('content:allCustomers')}
            </Checkbox>
            {!values.allCustomers && (
              <Select
                mode="multiple"
                showSearch
                allowClear
                filterOption={false}
                onSearch={setKeyword}
                loading={found.isFetching}
                placeholder={t('content:chooseCustomers')}
                aria-label={t('content:chooseCustomers')}
                value={values.customerIds}
                options={options}
                onChange={(ids: number[]) => {
                  const named = new Map([...chosen, ...listed].map((node) => [node.id, node]));
                  setChosen(ids.map((each) => named.get(each) ?? { id: each, name: String(each) }));
                  set({ customerIds: ids });
                }}
                data-testid="content-customers-input"
              />
            )}
          </div>
        </Form.Item>
        <Form.Item label={t('content:body')} required extra={t('content:bodyHint')}>
          <Suspense fallback={<Spin tip={t('content:loadingEditor')} className="content-loading" />}>
            <RichTextEditor initialHtml={initialHtml} onChange={changeHtml} onUploadingChange={setUploading} label={t('content:body')} />
          </Suspense>
        </Form.Item>
        <div className="content-form-actions">
          <Button onClick={back}>{t('content:cancel')}</Button>
          <Button loading={saving.isPending} onClick={() => save(false)} data-testid="content-save-draft">
            {t('content:saveDraft')}
          </Button>
          <Button type="primary" loading={saving.isPending} onClick={() => save(true)} data-testid="content-publish">
            {t('content:publish')}
          </Button>
        </div>
      </Form>
    </>
  );
}
