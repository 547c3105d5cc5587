import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PestWorkBody, PestWorkItem } from '@pest/shared';
import { ScreenFilterForms } from '@pest/shared';
import { barOption, pieOption } from '@pest/shared/charts';
import { chartQueries } from '../../api/chartQueries.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { Chart, ChartPanel } from '../../components/Chart/index.ts';
import { FilterForm } from '../../components/FilterForm/index.ts';
import { pestDensitySlices, pestTrendChart, pestWorkBody } from './storePestTrendQuery.ts';
import './storePestTrend.css';

/** One store (single select), its plan and regions, the pests, the service period and the time type. */
const STORE_PEST_TREND_FILTERS = ScreenFilterForms.storePestTrend;

function PestTrend({ item }: { item: PestWorkItem }) {
  const { t } = useTranslation(['charts']);
  const seriesName = t('charts:individuals');
  const option = useMemo(
    () => barOption(pestTrendChart(item, seriesName, { x: t('charts:axes.period'), y: t('charts:axes.catches') })),
    [item, seriesName, t],
  );
  return <Chart option={option} empty={item.timeList.length === 0} emptyText={t('charts:trendEmpty')} testId="pest-trend-item" />;
}

function PestDensity({ item }: { item: PestWorkItem }) {
  const { t } = useTranslation(['charts']);
  const slices = useMemo(() => pestDensitySlices(item), [item]);
  const option = useMemo(() => pieOption(slices, item.name), [slices, item.name]);
  return <Chart option={option} empty={slices.length === 0} emptyText={t('charts:densityEmpty')} testId="pest-density-item" />;
}

/**
 * Single-store pest trend and density (console-spec screen 9, /statisticalChart/trendChart2):
 * per pest, its catches over time on the left and their share per region on the right.
 */
export function StorePestTrendPage() {
  const { t } = useTranslation(['charts']);
  const { request: body, submit } = useSubmittedRequest<PestWorkBody | undefined>(undefined, (next) =>
    next ? [chartQueries.pestWork(next).queryKey] : [],
  );
  const state = useQuery(chartQueries.pestWork(body));
  const items = state.data;
  const empty = state.isError || items?.length === 0;

  const column = (title: string, emptyText: string, testId: string, render: (item: PestWorkItem) => ReactNode) => (
    <ChartPanel title={title} testId={testId}>
      {!body ? (
        <div className="chart-hint">{t('charts:queryFirst')}</div>
      ) : empty ? (
        <Chart option={undefined} empty emptyText={emptyText} testId={`${testId}-empty`} />
      ) : (
        items?.map(render)
      )}
    </ChartPanel>
  );

  return (
    <section className="chart-screen" data-testid="store-pest-trend-page">
      <FilterForm
        config={STORE_PEST_TREND_FILTERS}
        onQuery={(params) => submit(pestWorkBody(params))}
        onReset={() => submit(undefined)}
      />
      <div className="store-pest-trend-columns">
        {column(t('charts:trendAnalysis'), t('charts:trendEmpty'), 'pest-trend-column', (item) => (
          <PestTrend key={item.petId} item={item} />
        ))}
        {column(t('charts:densityComparison'), t('charts:densityEmpty'), 'pest-density-column', (item) => (
          <PestDensity key={item.petId} item={item} />
        ))}
      </div>
    </section>
  );
}
