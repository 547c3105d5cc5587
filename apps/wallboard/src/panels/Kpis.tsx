import { useMemo } from 'react';
import type { AlarmStatistics, MouseBoxStatistics } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { durationText } from '../board/durationText.ts';
import { kpiLinks, type KpiId } from '../board/kpiLinks.ts';
import { useNow } from '../screen/useNow.ts';
import { Panel } from './Panel.tsx';

const DEVICE_TILES: { key: keyof MouseBoxStatistics; tone: string }[] = [
  { key: 'total', tone: 'neutral' },
  { key: 'online', tone: 'ok' },
  { key: 'offline', tone: 'down' },
  { key: 'fault', tone: 'down' },
  { key: 'lowBattery', tone: 'warn' },
  { key: 'alarmsToday', tone: 'alarm' },
  { key: 'unhandledAlarm', tone: 'alarm' },
];

/** A count the board has not received yet reads as a dash, never as a made-up zero. */
const countText = (value: number | null) => (value === null ? '—' : value.toLocaleString());

interface TileProps {
  id: KpiId;
  tone: string;
  value: string;
  label: string;
  wide?: boolean;
  /** The console list it counts; none on a display link, whose TV has no console session and whose links must carry no token. */
  href?: string;
}

function Tile({ id, tone, value, label, wide = false, href }: TileProps) {
  const className = `kpi kpi-${tone}${wide ? ' kpi-wide' : ''}`;
  const content = (
    <>
      <div className="kpi-value">{value}</div>
      <div className="kpi-label">{label}</div>
    </>
  );
  // A new tab, so the board keeps running; no opener or referrer to the console.
  return href ? (
    <a className={`${className} kpi-link`} data-testid={`kpi-${id}`} href={href} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  ) : (
    <div className={className} data-testid={`kpi-${id}`}>
      {content}
    </div>
  );
}

/**
 * The device counts, then how the room keeps up with its alarms: those nobody has acknowledged yet
 * and today's median time to acknowledge (the median, so one alarm left over lunch does not hide
 * how fast the rest were seen).
 */
export function Kpis({
  statistics,
  unacknowledged,
  today,
  consoleLinks = false,
}: {
  statistics: MouseBoxStatistics | null;
  unacknowledged: number | null;
  today: AlarmStatistics | null;
  /** Tiles open the console's lists: only on a signed-in board (see Tile's href). */
  consoleLinks?: boolean;
}) {
  const { t } = useTranslation();
  // Today's alarms link to today's date: a board left on over midnight moves on within a minute.
  const now = useNow(60_000);
  const links = useMemo(() => (consoleLinks ? kpiLinks(new Date(now)) : {}), [consoleLinks, now]);
  return (
    <Panel title={t('kpi.title')} className="kpis" empty={!statistics}>
      {statistics && (
        <div className="kpi-grid">
          {DEVICE_TILES.map(({ key, tone }) => (
            <Tile key={key} id={key} tone={tone} value={statistics[key].toLocaleString()} label={t(`kpi.${key}`)} href={links[key]} />
          ))}
          <Tile id="unacknowledged" tone="alarm" value={countText(unacknowledged)} label={t('kpi.unacknowledged')} href={links.unacknowledged} />
          <Tile id="ackMedianToday" tone="neutral" value={durationText(t, today?.timeToAcknowledge.median)} label={t('kpi.ackMedianToday')} wide href={links.ackMedianToday} />
        </div>
      )}
    </Panel>
  );
}
