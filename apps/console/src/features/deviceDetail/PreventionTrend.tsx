import { useEffect, useMemo, useState } from 'react';
import { Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { AlarmTrend, DateRangeValue } from '@pest/shared';
import { fetchAlarmTrend } from '../../api/devices.ts';
import { Chart } from '../../components/Chart/index.ts';
import { trendBody } from './deviceActivityQuery.ts';
import { withLiveBuckets } from './liveTrend.ts';
import { alarmTriggerOption, deviceTrendOption, pointCount, type TrendChartOption, type TrendLabels } from './trendChartOptions.ts';

/** The device's prevention trend over `range` (console-spec screen 7): the four-line chart, then alarms and triggers. */
export function PreventionTrend({ boxId, range, todayTrend }: { boxId: number; range: DateRangeValue; todayTrend?: AlarmTrend }) {
  const { t } = useTranslation(['devices']);
  const [trend, setTrend] = useState<AlarmTrend>();
  const [loading, setLoading] = useState(false);
  const [start, end] = range;

  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchAlarmTrend(trendBody(boxId, [start, end]))
      .then((next) => live && setTrend(next))
      .catch(() => live && setTrend(undefined))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [boxId, start, end]);

  const options = useMemo(() => {
    if (!trend) return undefined;
    const shown = withLiveBuckets(trend, todayTrend);
    const labels: TrendLabels = {
      online: t('devices:trendOnline'),
      highTemperature: t('devices:trendHighTemperature'),
      battery: t('devices:trendBattery'),
      maintain: t('devices:trendMaintain'),
      alarm: t('devices:trendAlarm'),
      trigger: t('devices:trendTrigger'),
    };
    return { device: deviceTrendOption(shown, labels), alarms: alarmTriggerOption(shown, labels) };
  }, [trend, todayTrend, t]);

  return (
    <Spin loading={loading} block>
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
