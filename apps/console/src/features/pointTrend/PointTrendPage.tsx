import { useMemo, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, type PointTrendDetailsBody } from '@pest/shared';
import { fetchPointTrendDetails } from '../../api/charts.ts';
import { Chart, ChartPanel, barOption, loadedData, useChartQuery } from '../../components/Chart/index.ts';
import { FilterForm, defineFilterConfig } from '../../components/FilterForm/index.ts';
import { MAX_POINTS, pointTrendBodies } from './pointTrendQuery.ts';

/** One store's points, picked through its plan and device types. */
const POINT_TREND_FILTERS = defineFilterConfig({
  fields: ['organisation', 'plan', 'deviceType', 'device', 'pests', 'timeType', 'dateRange'],
  requireOrganisation: true,
  defaultTimeType: true,
  loadPlansOnCustomer: true,
});

const CHOOSE_POINT_MESSAGE_ID = 'point-trend-choose-point';

function PointChart({ body }: { body: PointTrendDetailsBody }) {
  const { t } = useTranslation(['charts']);
  const state = useChartQuery(fetchPointTrendDetails, body);
  const details = loadedData(state);
  const seriesName = t('charts:individuals');
  const option = useMemo(
    () => details && barOption({ title: details.pointName, categories: details.nameList, series: [{ name: seriesName, data: details.numberList }] }),
    [details, seriesName],
  );
  return <Chart option={option} empty={state.status === 'failed' || details?.nameList.length === 0} testId="point-trend-chart" />;
}

/**
 * The single point trend (/statisticalChart/singleTrend; the spec names the screen only): each
 * chosen point's catches per month or per visit, from selectPointTrendChartDetails.
 */
export function PointTrendPage() {
  const { t } = useTranslation(['charts']);
  const [bodies, setBodies] = useState<PointTrendDetailsBody[]>();

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
          setBodies(next);
        }}
        onReset={() => setBodies(undefined)}
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
