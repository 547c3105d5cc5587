import type { MouseBoxStatistics } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { Panel } from './Panel.tsx';

const TILES: { key: keyof MouseBoxStatistics; tone: string }[] = [
  { key: 'total', tone: 'neutral' },
  { key: 'online', tone: 'ok' },
  { key: 'offline', tone: 'down' },
  { key: 'fault', tone: 'down' },
  { key: 'lowBattery', tone: 'warn' },
  { key: 'alarmsToday', tone: 'alarm' },
  { key: 'unhandledAlarm', tone: 'alarm' },
];

export function Kpis({ statistics }: { statistics: MouseBoxStatistics | null }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('kpi.title')} className="kpis" empty={!statistics}>
      {statistics && (
        <div className="kpi-grid">
          {TILES.map(({ key, tone }) => (
            <div key={key} className={`kpi kpi-${tone}`} data-testid={`kpi-${key}`}>
              <div className="kpi-value">{statistics[key].toLocaleString()}</div>
              <div className="kpi-label">{t(`kpi.${key}`)}</div>
            </div>
          ))}
        </div>
      )}
    </Panel>
  );
}
