import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services.ts';
import { MISSING_IMAGE } from '../outbox/outbox.ts';
import type { VisitDraft } from '../store/draft.ts';
import { dismissNotice, retryVisit } from '../visit/draftActions.ts';

/** A refusal that stopped the visit's queue, and what the server told the technician (a visit cancelled meanwhile). */
export function VisitAlerts({ draft }: { draft: VisitDraft }) {
  const { t } = useTranslation();
  const services = useServices();
  return (
    <>
      {draft.notice && (
        <div className="notice" role="alertdialog" aria-label={t('sync.notice')} data-testid="visit-notice">
          <strong>{t('sync.notice')}</strong>
          <p>{draft.notice}</p>
          <button type="button" className="primary" onClick={() => void dismissNotice(services, draft.visitId)}>
            {t('sync.gotIt')}
          </button>
        </div>
      )}
      {draft.blocked && (
        <div className="banner error" role="alert" data-testid="visit-blocked">
          <span>{t('sync.blocked', { reason: draft.blocked === MISSING_IMAGE ? t('sync.missingImage') : draft.blocked })}</span>
          <button type="button" onClick={() => void retryVisit(services, draft.visitId)}>
            {t('sync.retry')}
          </button>
        </div>
      )}
    </>
  );
}
