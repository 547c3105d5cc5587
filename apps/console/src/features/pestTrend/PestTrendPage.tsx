import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Message, Radio } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import i18n from 'i18next';
import { QuarterType, ScreenFilterForms, TOAST_DURATION_MS, type PointTrendDetailsBody } from '@pest/shared';
import { barOption } from '@pest/shared/charts';
import { storeChartFilters } from '../../api/charts.ts';
import { chartQueries } from '../../api/chartQueries.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { Chart, ChartPanel } from '../../components/Chart/index.ts';
import { FilterForm, type FilterParams } from '../../components/FilterForm/index.ts';
import { TOP_POINTS, foldedPoints, hasPointTrend, pointDetailsBody, pointTrendBody, pointTrendChart, showsPeriodToggle } from './pestTrendQuery.ts';

/** One store and what narrows its points; no default time type, so "none" leaves the month/quarter toggle to the screen. */
const PEST_TREND_FILTERS = ScreenFilterForms.pestTrend;

const NO_DATA_MESSAGE_ID = 'pest-trend-no-data';

/**
 * The pest trend dashboard (console-spec screen 1, /statisticalChart/trendChart1): each point's
 * positive checks per month or quarter; a bar opens that point's catches in that period.
 */
export function PestTrendPage() {
  const { t } = useTranslation(['charts']);
  const [quarterType, setQuarterType] = useState<QuarterType>(QuarterType.month);
  const trendQuery = (params: FilterParams | undefined) => chartQueries.pointTrend(params && pointTrendBody(params, quarterType));
  const { request: applied, submit } = useSubmittedRequest<FilterParams | undefined>(undefined, (next) =>
    next ? [trendQuery(next).queryKey] : [],
  );
  const [drill, setDrill] = useState<{ period: string; body: PointTrendDetailsBody }>();

  const trendState = useQuery(trendQuery(applied));
  const trend = trendState.data;
  const trendEmpty = trend !== undefined && !hasPointTrend(trend);
  const details = useQuery(chartQueries.pointTrendDetails(drill?.body)).data;

  useEffect(() => {
    // Console-spec section 5: the first chart with no data warns, besides its empty text, on every
    // answer (an equal answer keeps its object, so the time it arrived tells a new one).
    if (trendEmpty) Message.warning({ id: NO_DATA_MESSAGE_ID, content: i18n.t('common:noData'), duration: TOAST_DURATION_MS });
  }, [trendEmpty, trendState.dataUpdatedAt]);

  const summaryTitle = t('charts:pointPositiveSummary');
  const trendOption = useMemo(
    () =>
      trend && !trendEmpty
        ? barOption(
            pointTrendChart(trend, {
              title: summaryTitle,
              otherName: t('charts:otherSeries'),
              axisNames: { x: t('charts:axes.period'), y: t('charts:axes.positiveChecks') },
            }),
          )
        : undefined,
    [trend, trendEmpty, summaryTitle, t],
  );
  const folded = trend && !trendEmpty ? foldedPoints(trend) : 0;
  const detailsOption = useMemo(
    () =>
      details && drill
        ? barOption({
            title: t('charts:pointTrendTitle', { point: details.pointName, period: drill.period }),
            categories: details.nameList,
            series: [{ name: t('charts:individuals'), data: details.numberList }],
            axisNames: { x: t('charts:axes.period'), y: t('charts:axes.catches') },
          })
        : undefined,
    [details, drill, t],
  );

  const query = (params: FilterParams) => {
    setDrill(undefined);
    submit(params);
  };

  return (
    <section className="chart-screen" data-testid="pest-trend-page">
      <FilterForm
        config={PEST_TREND_FILTERS}
        onQuery={query}
        onReset={() => {
          submit(undefined);
          setDrill(undefined);
        }}
      />
      <ChartPanel
        title={summaryTitle}
        extra={
          <div className="chart-panel-extra">
            {folded > 0 && (
              <span className="chart-panel-note" data-testid="pest-trend-folded">
                {t('charts:foldedPoints', { count: TOP_POINTS, folded })}
              </span>
            )}
            {showsPeriodToggle(applied) && (
              <Radio.Group
                type="button"
                value={quarterType}
                onChange={(value: QuarterType) => {
                  setDrill(undefined);
                  setQuarterType(value);
                }}
                data-testid="pest-trend-period"
              >
                <Radio value={QuarterType.month}>{t('charts:byMonth')}</Radio>
                <Radio value={QuarterType.quarter}>{t('charts:byQuarter')}</Radio>
              </Radio.Group>
            )}
          </div>
        }
      >
        <Chart
          option={trendOption}
          empty={trendEmpty}
          testId="pest-trend-chart"
          onBarClick={(click) => {
            const body = trend && applied && pointDetailsBody(storeChartFilters(applied), trend, click);
            // 其他 sums many points: there is no one point to drill into.
            setDrill(body ? { period: click.name, body } : undefined);
          }}
        />
      </ChartPanel>
      <ChartPanel title={t('charts:pointTrend')}>
        {drill ? (
          <Chart option={detailsOption} empty={details !== undefined && details.nameList.length === 0} reveal testId="point-details-chart" />
        ) : (
          <div className="chart-hint" data-testid="point-details-hint">
            {t('charts:clickBarForPoint')}
          </div>
        )}
      </ChartPanel>
    </section>
  );
}
