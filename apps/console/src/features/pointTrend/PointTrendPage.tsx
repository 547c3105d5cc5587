import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Message } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { ScreenFilterForms, TOAST_DURATION_MS, type PointTrendDetailsBody } from '@pest/shared';
import { barOption } from '@pest/shared/charts';
import { chartQueries } from '../../api/chartQueries.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { Chart, ChartPanel } from '../../components/Chart/index.ts';
import { FilterForm } from '../../components/FilterForm/index.ts';
import { MAX_POINTS, pointTrendBodies } from './pointTrendQuery.ts';

/** One store's points, picked through its plan and device types. */
const POINT_TREND_FILTERS = ScreenFilterForms.pointTrend;

const CHOOSE_POINT_MESSAGE_ID = 'point-trend-choose-point';

function PointChart({ body }: { body: PointTrendDetailsBody }) {
  const { t } = useTranslation(['charts']);
  const query = useQuery(chartQueries.pointTrendDetails(body));
  const details = query.data;
  const seriesName = t('charts:individuals');
  const option = useMemo(
    () =>
      details &&
      barOption({
        title: details.pointName,
        categories: details.nameList,
        series: [{ name: seriesName, data: details.numberList }],
        axisNames: { x: t('charts:axes.period'), y: t('charts:axes.catches') },
      }),
    [details, seriesName, t],
  );
  return <Chart option={option} empty={query.isError || details?.nameList.length === 0} testId="point-trend-chart" />;
}

/**
 * The single point trend (/statisticalChart/singleTrend; the spec names the screen only): each
 * chosen point's catches per month or per visit, from selectPointTrendChartDetails.
 */
export function PointTrendPage() {
  const { t } = useTranslation(['charts']);
  const { request: bodies, submit } = useSubmittedRequest<PointTrendDetailsBody[] | undefined>(undefined, (next) =>
    (next ?? []).map((body) => chartQueries.pointTrendDetails(body).queryKey),
  );

  return (
    <section className="chart-screen" data-testid="point-trend-page">
      <FilterForm
        config={POINT_TREND_FILTERS}
        onQuery={(params) => {
          const next = pointTrendBodies(params);
          if (next.length === 0) {
            Message.info({ id: CHOOSE_POINT_MESSAGE_ID, content: t('charts:choosePoint'), duration: TOAST_DURATION_MS });
            return;
          }
          submit(next);
        }}
        onReset={() => submit(undefined)}
      />
      <ChartPanel title={t('charts:pointTrend')} extra={<span className="chart-panel-note">{t('charts:maxPoints', { count: MAX_POINTS })}</span>}>
        {bodies ? (
          bodies.map((body) => <PointChart key={body.pointId} body={body} />)
        ) : (
          <div className="chart-hint">{t('charts:choosePoint')}</div>
        )}
      </ChartPanel>
    </section>
  );
}
