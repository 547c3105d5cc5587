import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Layout } from '@pest/shared';
import { withSelectableBars, withToolbox, type ChartOption } from '@pest/shared/charts';
import { useChart, type BarClick } from './useChart.ts';
import './Chart.css';

export interface ChartProps {
  /** The screen's option (series, axes, title); memoise it, since a new object redraws the chart. Undefined: nothing queried yet. */
  option: ChartOption | undefined;
  /** The query answered with nothing: `emptyText` shows over the chart (over its titled, empty axes when `option` is given). */
  empty?: boolean;
  /** The screen's own empty text (console-spec sections 2 and 8); 暂无数据 by default. */
  emptyText?: string;
  /** Pixels; 450 by default (console-spec section 9), 300 for the yearly dashboard. */
  height?: number;
  /** The saved image's file name; the chart's title when it has a plain one. */
  imageName?: string;
  /** A bar (or point) was clicked: the drill-downs of screens 1, 2 and 12. The clicked bar stays selected. */
  onBarClick?(click: BarClick): void;
  /** A drill-down's result: scrolled into view when it is drawn, since it may open below the fold. */
  reveal?: boolean;
  /** Defaults to `chart`; the element that carries the ECharts instance is `${testId}-canvas`. */
  testId?: string;
}

function titleOf(option: ChartOption | undefined): string | undefined {
  const title = option?.title;
  const first = Array.isArray(title) ? title[0] : title;
  return typeof first?.text === 'string' && first.text !== '' ? first.text : undefined;
}

/**
 * THE chart of the console: ECharts with the toolbox every chart has (line/bar switch, restore,
 * save as image), a debounced resize, disposal on unmount, and a per-screen empty state.
 */
export function Chart({ option, empty = false, emptyText, height = Layout.chartHeight, imageName, onBarClick, reveal = false, testId = 'chart' }: ChartProps) {
  const { t } = useTranslation(['charts', 'common']);
  const name = imageName ?? titleOf(option) ?? t('charts:imageName');
  const clickable = onBarClick !== undefined;
  const drawn = useMemo(
    () =>
      option
        ? withToolbox(
            clickable ? withSelectableBars(option) : option,
            {
              line: t('charts:toLine'),
              bar: t('charts:toBar'),
              restore: t('charts:restore'),
              saveAsImage: t('charts:saveAsImage'),
            },
            name,
          )
        : undefined,
    [option, clickable, name, t],
  );
  const element = useChart(drawn, onBarClick);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!reveal || !drawn) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    container.current?.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }, [reveal, drawn]);
  const style: CSSProperties = { height };

  return (
    <div ref={container} className="chart" style={style} data-testid={testId} data-state={empty ? 'empty' : drawn ? 'drawn' : 'idle'}>
      <div ref={element} className="chart-canvas" data-testid={`${testId}-canvas`} />
      {empty && (
        <div className="chart-empty" data-testid={`${testId}-empty`}>
          {emptyText ?? t('common:noData')}
        </div>
      )}
    </div>
  );
}
