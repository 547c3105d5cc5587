import { useMemo } from 'react';
import type { AlarmTrend } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { useChart } from '../charts/useChart.ts';
import { CHART_FONT, COLORS } from './theme.ts';
import { Panel } from './Panel.tsx';

/** Alarms and triggers per bucket: the last 24 hours by hour, or the last 7 days by day. */
export function TrendChart({ trend, span }: { trend: AlarmTrend | null; span: '24h' | '7d' }) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    if (!trend) return null;
    // '2026-11-22 13:00' → '13:00'; '2026-11-22' → '11-22'.
    const labels = trend.dateList.map((bucket) => (span === '24h' ? bucket.slice(11) : bucket.slice(5)));
    const series = (name: string, data: number[], color: string) => ({
      name,
      type: span === '24h' ? 'line' : 'bar',
      data,
      smooth: true,
      showSymbol: false,
      barMaxWidth: 22,
      itemStyle: { color },
      lineStyle: { width: 3 },
      areaStyle: span === '24h' ? { opacity: 0.12 } : undefined,
    });
    return {
      animationDurationUpdate: 600,
      textStyle: { fontSize: CHART_FONT, color: COLORS.text },
      legend: { top: 0, right: 8, textStyle: { color: COLORS.text, fontSize: CHART_FONT }, itemWidth: 18, itemHeight: 10 },
      grid: { left: 64, right: 16, top: 44, bottom: 40 },
      tooltip: { trigger: 'axis', confine: true, textStyle: { fontSize: CHART_FONT } },
      xAxis: {
        type: 'category',
        data: labels,
        // Left to ECharts' own spacing: at this size, fixed intervals would overlap.
        axisLabel: { color: COLORS.muted, fontSize: CHART_FONT },
        axisLine: { lineStyle: { color: COLORS.grid } },
      },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { color: COLORS.muted, fontSize: CHART_FONT }, splitLine: { lineStyle: { color: COLORS.grid } } },
      series: [series(t('trend.alarms'), trend.alarmCountList, COLORS.down), series(t('trend.triggers'), trend.triggerCountList, COLORS.trigger)],
    };
  }, [trend, span, t]);
  const { ref } = useChart(option);
  return (
    <Panel title={t(span === '24h' ? 'trend.title24h' : 'trend.title7d')} className={`trend trend-${span}`} empty={!trend}>
      <div className="chart" ref={ref} data-testid={`trend-${span}`} />
    </Panel>
  );
}
