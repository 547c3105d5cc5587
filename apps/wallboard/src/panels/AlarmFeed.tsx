import { useEffect } from 'react';
import type { AlarmRecord } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { beijingTimeToEpoch, elapsedSince, feedSeverity } from '../board/alarmFeed.ts';
import { useNow } from '../screen/useNow.ts';
import { Panel } from './Panel.tsx';

/** How long a new alarm is announced across the board. */
export const ANNOUNCE_MS = 8_000;

function useElapsedText() {
  const { t } = useTranslation();
  const now = useNow(15_000);
  return (createTime: string) => {
    const elapsed = elapsedSince(beijingTimeToEpoch(createTime), now);
    return elapsed.unit === 'justNow' ? t('feed.justNow') : t(`feed.${elapsed.unit}`, { count: elapsed.count });
  };
}

export function AlarmFeed({ feed, fresh }: { feed: AlarmRecord[] | null; fresh: ReadonlySet<number> }) {
  const { t } = useTranslation();
  const since = useElapsedText();
  return (
    <Panel title={t('feed.title')} className="feed" empty={!feed}>
      {feed && feed.length === 0 && <div className="feed-empty">{t('feed.empty')}</div>}
      {feed && (
        <ol className="feed-list" data-testid="alarm-feed">
          {feed.map((alarm) => (
            <li key={alarm.id} className={`feed-item severity-${feedSeverity(alarm)} ${fresh.has(alarm.id) ? 'fresh' : ''}`} data-alarm-id={alarm.id}>
              <span className="feed-bar" />
              <div className="feed-main">
                <div className="feed-content">{alarm.content}</div>
                <div className="feed-where">
                  {alarm.customerName} · {alarm.deviceName}
                </div>
              </div>
              <time className="feed-since" dateTime={alarm.createTime}>
                {since(alarm.createTime)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** The newest pushed alarm, shown big for a few seconds so the room notices it. */
export function Announcement({ alarm, onDone }: { alarm: AlarmRecord | null; onDone(id: number): void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!alarm) return;
    const timer = setTimeout(() => onDone(alarm.id), ANNOUNCE_MS);
    return () => clearTimeout(timer);
  }, [alarm, onDone]);
  if (!alarm) return null;
  return (
    <div className={`announcement severity-${feedSeverity(alarm)}`} role="alert" data-testid="announcement" key={alarm.id}>
      <span className="announcement-tag">{t('feed.announce')}</span>
      <span className="announcement-content">{alarm.content}</span>
      <span className="announcement-where">
        {alarm.customerName} · {alarm.deviceName}
      </span>
    </div>
  );
}
