import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { DateRangeValue } from '@pest/shared';
import { deviceQueries } from '../../api/deviceQueries.ts';
import { Chart } from '../../components/Chart/index.ts';
import { trendBody } from './deviceActivityQuery.ts';
import { alarmTriggerOption, deviceTrendOption, pointCount, type TrendChartOption, type TrendLabels } from './trendChartOptions.ts';

/**
 * The device's prevention trend over `range` (console-spec screen 7): the four-line chart, then
 * alarms and triggers. Today's buckets arrive live into the cached trend (useDeviceLive).
 */
export function PreventionTrend({ boxId, range }: { boxId: number; range: DateRangeValue }) {
  const { t } = useTranslation(['devices', 'charts']);
  const query = useQuery({ ...deviceQueries.trend(trendBody(boxId, range)), placeholderData: keepPreviousData });
  const trend = query.data;

  const options = useMemo(() => {
    if (!trend) return undefined;
    const labels: TrendLabels = {
      online: t('devices:trendOnline'),
      highTemperature: t('devices:trendHighTemperature'),
      battery: t('devices:trendBattery'),
      maintain: t('devices:trendMaintain'),
      alarm: t('devices:trendAlarm'),
      trigger: t('devices:trendTrigger'),
      times: t('charts:axes.times'),
    };
    return { device: deviceTrendOption(trend, labels), alarms: alarmTriggerOption(trend, labels) };
  }, [trend, t]);

  return (
    <Spin loading={query.isFetching} block>
      <div className="device-trend">
        <TrendChart title={t('devices:trendDeviceTitle')} option={options?.device} testId="device-trend-chart" />
        <TrendChart title={t('devices:trendAlarmTitle')} option={options?.alarms} testId="alarm-trend-chart" />
      </div>
    </Spin>
  );
}

function TrendChart({ title, option, testId }: { title: string; option: TrendChartOption | undefined; testId: string }) {
  return (
    <figure className="device-trend-chart">
      <figcaption className="device-trend-title">{title}</figcaption>
      <Chart option={option} empty={option !== undefined && pointCount(option) === 0} imageName={title} testId={testId} />
    </figure>
  );
}
