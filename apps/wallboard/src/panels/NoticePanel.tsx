import type { LatestNotice } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { Panel } from './Panel.tsx';

/**
 * The newest notice for the screen's customers (内容), one line under the map: its title, its day and
 * the start of its text, as plain text (a TV renders none of a notice's HTML, and there is nothing
 * to click). Shown only when there is one.
 */
export function NoticePanel({ notice }: { notice: LatestNotice | null }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <Panel
      title={t('notice.title')}
      extra={
        <span className="notice-day" data-testid="notice-day">
          {notice.publishedAt.slice(0, 10)}
        </span>
      }
      className="notice"
    >
      <div className="notice-body" data-testid="latest-notice" data-notice-id={notice.id}>
        <div className="notice-title" data-testid="notice-title">
          {notice.title}
        </div>
        {notice.excerpt && (
          <div className="notice-excerpt" data-testid="notice-excerpt">
            {notice.excerpt}
          </div>
        )}
      </div>
    </Panel>
  );
}
