import { Tooltip } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { indicatorState } from '../../live/liveIndicatorText.ts';
import { useLiveStatus } from '../../live/useLiveTopic.ts';

/** A dot and a word: is what the console shows still arriving live? */
export function LiveIndicator({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { state, since } = indicatorState(useLiveStatus());
  const label = state === 'stale' ? t('live:stale', { time: since }) : t(`live:${state}`);
  return (
    <Tooltip content={t(`live:${state}Hint`)}>
      <span className={`live-indicator live-indicator-${state}`} data-testid="live-indicator" data-state={state} role="status">
        <span className="live-indicator-dot" aria-hidden />
        {compact ? null : <span className="live-indicator-text">{label}</span>}
      </span>
    </Tooltip>
  );
}
