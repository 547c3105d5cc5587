import { useEffect } from 'react';
import { Button, Result, Spin, Tag } from '@arco-design/web-react';
import { IconEdit, IconLeft } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ContentState, Permission } from '@pest/shared';
import { contentKeys, contentQueries } from '../../api/content.ts';
import { ContentHtml } from '../../components/ContentHtml/index.ts';
import { pathWithId, routePaths } from '../../navigation/routePaths.ts';
import { useCan } from '../../session/useCan.ts';
import { customersText } from './contentColumns.tsx';
import { contentIdFromSearch } from './contentQuery.ts';
import './content.css';

/** The reading view (/content/detail?id=): the title, when and by whom, whom it is for, and the body as the server sanitised it. */
export function ContentDetailPage() {
  const { t } = useTranslation(['content']);
  const [search] = useSearchParams();
  const id = contentIdFromSearch(search);
  return (
    <section className="content-sheet" data-testid="content-detail-page">
      {id === undefined ? <Result status="404" subTitle={t('content:missing')} /> : <ContentReading key={id} id={id} />}
    </section>
  );
}

function ContentReading({ id }: { id: number }) {
  const { t } = useTranslation(['content']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useCan()(Permission.contentManage);
  const { data: item, isError } = useQuery(contentQueries.detail(id));

  // Opening it marked it read on the server: the navbar's mark and the lists' 未读 follow.
  useEffect(() => {
    if (!item) return;
    void queryClient.invalidateQueries({ queryKey: contentKeys.unread() });
    void queryClient.invalidateQueries({ queryKey: [...contentKeys.all, 'page'] });
  }, [item, queryClient]);

  const back = (
    <Button type="text" icon={<IconLeft />} onClick={() => navigate(`${routePaths.contentList}?kind=${item?.kind ?? 'notice'}`)} data-testid="content-back">
      {t('content:back')}
    </Button>
  );
  if (isError) return (
    <>
      {back}
      <Result status="404" subTitle={t('content:missing')} data-testid="content-missing" />
    </>
  );
  if (!item) return <Spin className="content-loading" />;
  return (
    <>
      <div className="content-sheet-bar">
        {back}
        {canManage && (
          <Button icon={<IconEdit />} onClick={() => navigate(pathWithId(routePaths.contentEdit, item.id))} data-testid="content-detail-edit">
            {t('content:edit')}
          </Button>
        )}
      </div>
      <article className="content-article">
        <h1 className="content-article-title" data-testid="content-detail-title">
          {item.title}
        </h1>
        <div className="content-article-meta">
          <Tag size="small">{t(`content:kinds.${item.kind}`)}</Tag>
          {item.state !== ContentState.published && (
            <Tag size="small" color={item.state === ContentState.draft ? 'gray' : 'orange'}>
              {t(`content:states.${item.state}`)}
            </Tag>
          )}
          {item.publishedAt && <span>{item.publishedAt}</span>}
          {item.authorName && <span>{item.authorName}</span>}
          <span>{t('content:publishedTo', { customers: customersText(t, item) })}</span>
        </div>
        <ContentHtml html={item.html} testId="content-detail-body" />
      </article>
    </>
  );
}
