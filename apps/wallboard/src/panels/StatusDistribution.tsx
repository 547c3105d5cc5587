import { useMemo } from 'react';
import type { MouseBoxStatistics } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { useChart } from '../charts/useChart.ts';
import { CHART_FONT, COLORS } from './theme.ts';
import { Panel } from './Panel.tsx';

/** Online, offline and fault devices as a ring, the total in its middle. */
export function StatusDistribution({ statistics }: { statistics: MouseBoxStatistics | null }) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    if (!statistics) return null;
    return {
      animationDurationUpdate: 600,
      tooltip: { trigger: 'item', confine: true, textStyle: { fontSize: CHART_FONT } },
      legend: { orient: 'vertical', right: 12, top: 'middle', textStyle: { color: COLORS.text, fontSize: CHART_FONT }, itemGap: 18 },
      title: {
        text: statistics.total.toLocaleString(),
        left: '34%',
        top: 'middle',
        textAlign: 'center',
        textStyle: { color: COLORS.text, fontSize: 34, fontWeight: 'bold' },
      },
      series: [
        {
          type: 'pie',
          center: ['35%', '50%'],
          radius: ['52%', '78%'],
          label: { show: false },
          itemStyle: { borderColor: '#0b1a33', borderWidth: 3 },
          data: [
            { name: t('distribution.online'), value: statistics.online, itemStyle: { color: COLORS.ok } },
            { name: t('distribution.offline'), value: statistics.offline, itemStyle: { color: COLORS.muted } },
            { name: t('distribution.fault'), value: statistics.fault, itemStyle: { color: COLORS.down } },
          ],
        },
      ],
    };
  }, [statistics, t]);
  const { ref } = useChart(option);
  return (
    <Panel title={t('distribution.title')} className="distribution" empty={!statistics}>
      <div className="chart" ref={ref} data-testid="status-distribution" />
    </Panel>
  );
}
