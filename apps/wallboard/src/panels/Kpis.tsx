import type { AlarmStatistics, MouseBoxStatistics } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { durationText } from '../board/durationText.ts';
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

function Tile({ id, tone, value, label, wide = false }: { id: string; tone: string; value: string; label: string; wide?: boolean }) {
  return (
    <div className={`kpi kpi-${tone}${wide ? ' kpi-wide' : ''}`} data-testid={`kpi-${id}`}>
      <div className="kpi-value">{value}</div>
      <div className="kpi-label">{label}</div>
    </div>
  );
}

/**
 * The device counts, then how the room keeps up with its alarms: those nobody has acknowledged yet
 * and today's median time to acknowledge (the median, so one alarm left over lunch does not hide
 * how fast the rest were seen).
 */
export function Kpis({ statistics, unacknowledged, today }: { statistics: MouseBoxStatistics | null; unacknowledged: number | null; today: AlarmStatistics | null }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('kpi.title')} className="kpis" empty={!statistics}>
      {statistics && (
        <div className="kpi-grid">
          {DEVICE_TILES.map(({ key, tone }) => (
            <Tile key={key} id={key} tone={tone} value={statistics[key].toLocaleString()} label={t(`kpi.${key}`)} />
          ))}
          <Tile id="unacknowledged" tone="alarm" value={countText(unacknowledged)} label={t('kpi.unacknowledged')} />
          <Tile id="ackMedianToday" tone="neutral" value={durationText(t, today?.timeToAcknowledge.median)} label={t('kpi.ackMedianToday')} wide />
        </div>
      )}
    </Panel>
  );
}
