import { Badge, Button } from '@arco-design/web-react';
import { IconBook } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ContentKind, Permission } from '@pest/shared';
import { contentQueries } from '../../api/content.ts';
import { routePaths } from '../../navigation/routePaths.ts';
import { useCan } from '../../session/useCan.ts';

/** The 通知公告 list, as the mark opens it. */
const NOTICES = `${routePaths.contentList}?kind=${ContentKind.notice}`;

/**
 * The navbar's notices button: its badge counts the published notices for the user they have not
 * opened yet (asked every few minutes, and again once one is read), and it opens the 通知公告 list.
 */
export function NoticeMark() {
  const can = useCan();
  return can(Permission.contentView) ? <UnreadNotices /> : null;
}

function UnreadNotices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = useQuery(contentQueries.unread()).data?.count ?? 0;
  const label = count > 0 ? t('layout:unreadNotices', { count }) : t('layout:notices');
  return (
    <Badge count={count} maxCount={99} dot={false}>
      <Button type="secondary" shape="circle" icon={<IconBook />} onClick={() => navigate(NOTICES)} aria-label={label} title={label} data-testid="notice-mark" data-count={count} />
    </Badge>
  );
}
