import { DISPLAY_HEARTBEAT_MS } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import type { LinkEnd } from './displayView.ts';

/** Full screen, in place of the board: which link ended, why, and what the control room should do. */
export function LinkEndedScreen({ end, name }: { end: LinkEnd; name: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="problem" role="alert" data-testid="link-ended" data-end={end}>
      <h1>{t(`display.${end}Title`)}</h1>
      {name && (
        <p className="problem-link" data-testid="link-ended-name">
          {t('display.linkName', { name })}
        </p>
      )}
      <p>{t(end === 'expired' ? 'display.expiredAdvice' : 'display.advice')}</p>
      {end === 'expired' && <p className="problem-retry">{t('display.checking', { seconds: DISPLAY_HEARTBEAT_MS / 1000 })}</p>}
    </div>
  );
}
