import { useTranslation } from 'react-i18next';
import { unsentCount, type VisitDraft } from '../store/draft.ts';
import { useOnline } from './useOnline.ts';

/** What the server does not have yet, always in sight: "3 项未发送" or "全部已发送", and offline when it is. */
export function SyncBar({ drafts }: { drafts: readonly VisitDraft[] }) {
  const { t } = useTranslation();
  const online = useOnline();
  const unsent = drafts.reduce((sum, draft) => sum + unsentCount(draft), 0);
  return (
    <div className={`sync-bar ${unsent > 0 ? 'pending' : 'sent'}`} data-testid="sync-bar" data-unsent={unsent} role="status">
      <span>{unsent > 0 ? t('sync.unsent', { count: unsent }) : t('sync.allSent')}</span>
      {!online && <span className="offline">{t('sync.offline')}</span>}
    </div>
  );
}
