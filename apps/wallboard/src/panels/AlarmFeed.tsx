import { useEffect } from 'react';
import { AlarmState, type AlarmRecord } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { alarmAgeText } from '../board/alarmAge.ts';
import { feedContent, feedSeverity } from '../board/alarmFeed.ts';
import type { Language } from '../i18n/i18n.ts';
import { useNow } from '../screen/useNow.ts';
import { Panel } from './Panel.tsx';

/** How long a new alarm is announced across the board. */
export const ANNOUNCE_MS = 8_000;

/** Ages move on by the minute at the finest; a quarter of that keeps them at most 15 s behind, without asking the server. */
const AGE_TICK_MS = 15_000;

function FeedItem({ alarm, fresh, now }: { alarm: AlarmRecord; fresh: boolean; now: number }) {
  const { t, i18n } = useTranslation();
  const acknowledged = alarm.state === AlarmState.acknowledged;
  const classes = ['feed-item', `severity-${feedSeverity(alarm)}`, acknowledged ? 'acknowledged' : '', fresh ? 'fresh' : ''];
  return (
    <li className={classes.filter(Boolean).join(' ')} data-alarm-id={alarm.id} data-state={alarm.state} data-severity={feedSeverity(alarm)}>
      <span className="feed-bar" />
      <div className="feed-main">
        <div className="feed-headline">
          <span className="feed-content">{feedContent(alarm, i18n.language as Language)}</span>
          {alarm.repeatCount > 0 && (
            <span className="feed-repeats" title={t('feed.repeatsTitle', { count: alarm.repeatCount + 1 })}>
              {t('feed.repeats', { count: alarm.repeatCount + 1 })}
            </span>
          )}
          <span className="feed-when">
            {acknowledged && <span className="feed-ack">{alarm.ackBy ? t('feed.acknowledgedBy', { name: alarm.ackBy }) : t('feed.acknowledged')}</span>}
            <time className="feed-since" dateTime={alarm.createTime}>
              {alarmAgeText(t, alarm.createTime, now)}
            </time>
          </span>
        </div>
        {/* The store is what the room acts on: the whole width of the item is its, the device gives way first. */}
        <div className="feed-where">
          <span className="feed-store" data-testid="feed-store">
            {alarm.customerName}
          </span>
          <span className="feed-device">· {alarm.deviceName}</span>
          {alarm.linkedCount > 0 && <span className="feed-linked">{t('feed.linked', { count: alarm.linkedCount })}</span>}
        </div>
      </div>
    </li>
  );
}

export function AlarmFeed({ feed, total, fresh }: { feed: AlarmRecord[] | null; total: number | null; fresh: ReadonlySet<number> }) {
  const { t } = useTranslation();
  const now = useNow(AGE_TICK_MS);
  const extra =
    total !== null && feed && feed.length > 0 ? (
      <span className="feed-total" data-testid="feed-total">
        {t('feed.total', { total: total.toLocaleString() })}
      </span>
    ) : undefined;
  return (
    <Panel title={t('feed.title')} extra={extra} className="feed" empty={!feed}>
      {feed && feed.length === 0 && <div className="feed-empty">{t('feed.empty')}</div>}
      {feed && (
        <ol className="feed-list" data-testid="alarm-feed">
          {feed.map((alarm) => (
            <FeedItem key={alarm.id} alarm={alarm} fresh={fresh.has(alarm.id)} now={now} />
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** The newest pushed critical alarm, shown big for a few seconds so the room notices it. */
export function Announcement({ alarm, onDone }: { alarm: AlarmRecord | null; onDone(id: number): void }) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    if (!alarm) return;
    const timer = setTimeout(() => onDone(alarm.id), ANNOUNCE_MS);
    return () => clearTimeout(timer);
  }, [alarm, onDone]);
  if (!alarm) return null;
  return (
    <div className={`announcement severity-${feedSeverity(alarm)}`} role="alert" data-testid="announcement" key={alarm.id}>
      <span className="announcement-tag">{t('feed.announce')}</span>
      <span className="announcement-content">{feedContent(alarm, i18n.language as Language)}</span>
      <span className="announcement-where">
        {alarm.customerName} · {alarm.deviceName}
      </span>
    </div>
  );
}
