import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RiskChartBody } from '@pest/shared';
import { ScreenFilterForms } from '@pest/shared';
import { barOption } from '@pest/shared/charts';
import { chartQueries } from '../../api/chartQueries.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { Chart, ChartPanel } from '../../components/Chart/index.ts';
import { FilterForm } from '../../components/FilterForm/index.ts';
import { RiskDetailsDialog } from './RiskDetailsDialog.tsx';
import { riskChartBody } from './riskTrendQuery.ts';
import './riskTrend.css';

/** One store; regions and risk types wait for a plan (the form's rules). */
const RISK_TREND_FILTERS = ScreenFilterForms.riskTrend;

/** The risk trend (console-spec screen 12, /statisticalChart/riskTrend): risks per type; a bar lists them in a dialog. */
export function RiskTrendPage() {
  // summary: the dialog's 风险时长 cells (RiskAgeing). Loaded with the screen, since a namespace first
  // asked for inside the open dialog suspends it: the dialog went blank and lost the focus.
  const { t } = useTranslation(['charts', 'summary']);
  const { request: body, submit } = useSubmittedRequest<RiskChartBody | undefined>(undefined, (next) =>
    next ? [chartQueries.riskChart(next).queryKey] : [],
  );
  const [riskTypeName, setRiskTypeName] = useState<string>();
  const state = useQuery(chartQueries.riskChart(body));
  const risks = state.data;
  const title = t('charts:riskPointSummary');
  const option = useMemo(
    // Titled even when empty: the summary's name stays above its no-data text.
    () =>
      body &&
      barOption({
        title,
        categories: risks?.nameList ?? [],
        series: [{ name: t('charts:riskCount'), data: risks?.numberList ?? [] }],
        axisNames: { x: t('charts:axes.riskType'), y: t('charts:axes.risks') },
      }),
    [body, risks, title, t],
  );

  return (
    <section className="chart-screen" data-testid="risk-trend-page">
      <FilterForm
        config={RISK_TREND_FILTERS}
        onQuery={(params) => submit(riskChartBody(params))}
        onReset={() => {
          submit(undefined);
          setRiskTypeName(undefined);
        }}
      />
      <ChartPanel>
        <Chart
          option={option}
          empty={state.isError || (risks !== undefined && risks.nameList.length === 0)}
          testId="risk-chart"
          onBarClick={({ name }) => setRiskTypeName(name)}
        />
      </ChartPanel>
      {body && riskTypeName !== undefined && (
        <RiskDetailsDialog key={riskTypeName} chart={body} riskTypeName={riskTypeName} onClose={() => setRiskTypeName(undefined)} />
      )}
    </section>
  );
}
