import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Layout, ScreenFilterForms } from '@pest/shared';
import { barOption } from '@pest/shared/charts';
import { chartQueries } from '../../api/chartQueries.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { Chart, ChartPanel } from '../../components/Chart/index.ts';
import { FilterForm } from '../../components/FilterForm/index.ts';
import { positiveRateChart, positiveRateRequest, type PositiveRateRequest } from './positiveRateQuery.ts';
import './positiveRate.css';

/**
 * Stores or sales areas compared: the customer type picks which, the statistic basis pest or risk
 * choices, the report type a trend or two periods; the form's rules (section 5) refuse a query
 * that leaves one of them incomplete.
 */
const POSITIVE_RATE_FILTERS = ScreenFilterForms.positiveRate;

/** The positive-rate statistics (console-spec screen 8, /statisticalChart/combineTrend): one bar chart per pest or risk. */
export function PositiveRatePage() {
  const { t } = useTranslation(['charts']);
  const { request, submit } = useSubmittedRequest<PositiveRateRequest | undefined>(undefined, (next) =>
    next ? [chartQueries.groupRates(next).queryKey] : [],
  );
  const state = useQuery(chartQueries.groupRates(request));
  const charts = state.data;
  const empty = state.isError || charts?.length === 0;
  const options = useMemo(
    () => (charts && request ? charts.map((chart) => ({ name: chart.name, option: barOption(positiveRateChart(request.basis, chart)) })) : []),
    [charts, request],
  );

  return (
    <section className="chart-screen" data-testid="positive-rate-page">
      <FilterForm
        config={POSITIVE_RATE_FILTERS}
        onQuery={(params) => submit(positiveRateRequest(params))}
        onReset={() => submit(undefined)}
      />
      <ChartPanel title={t('charts:positiveRates')} testId="positive-rate-charts">
        {!request ? (
          <div className="chart-hint">{t('charts:queryFirst')}</div>
        ) : empty ? (
          <Chart option={undefined} empty emptyText={t('charts:positiveRateEmpty')} testId="positive-rate-empty" />
        ) : (
          // One compact chart per pest or risk, side by side: a dozen charts compare at a glance.
          <div className="positive-rate-grid">
            {options.map(({ name, option }) => (
              <Chart key={name} option={option} height={Layout.yearlyChartHeight} testId="positive-rate-chart" />
            ))}
          </div>
        )}
      </ChartPanel>
    </section>
  );
}
