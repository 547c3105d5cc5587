import { describe, expect, it } from 'vitest';
import type { AlarmTrend } from '@pest/shared';
import { alarmTriggerOption, deviceTrendOption, pointCount, type TrendLabels } from './trendChartOptions.ts';

const labels: TrendLabels = { online: '在线', highTemperature: '高温', battery: '低电量', maintain: '维护', alarm: '告警', trigger: '触发', times: '次数（次）' };
const trend: AlarmTrend = {
  dateList: ['2026-03-01', '2026-03-02'],
  onlineCountList: [24, 20],
  highTemperatureCountList: [0, 1],
  electricityTrendCountList: [1, 0],
  maintainCountList: [0, 0],
  alarmCountList: [3, 2],
  triggerCountList: [2, 1],
};

describe('deviceTrendOption', () => {
  it('draws four lines over the days: online, high temperature, battery, maintenance', () => {
    const option = deviceTrendOption(trend, labels);
    expect(option.xAxis.data).toEqual(trend.dateList);
    expect(option.yAxis.name).toBe('次数（次）');
    expect(option.series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['在线', 'line', [24, 20]],
      ['高温', 'line', [0, 1]],
      ['低电量', 'line', [1, 0]],
      ['维护', 'line', [0, 0]],
    ]);
    expect(option.legend.data).toEqual(['在线', '高温', '低电量', '维护']);
    expect(option.color).toHaveLength(4);
  });
});

describe('alarmTriggerOption', () => {
  it('draws alarms and triggers side by side', () => {
    const option = alarmTriggerOption(trend, labels);
    expect(option.series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['告警', 'bar', [3, 2]],
      ['触发', 'bar', [2, 1]],
    ]);
    expect(option.xAxis.boundaryGap).toBe(true);
  });
});

describe('pointCount', () => {
  it('counts every plotted value, and none for an empty range', () => {
    expect(pointCount(deviceTrendOption(trend, labels))).toBe(8);
    const empty: AlarmTrend = { ...trend, dateList: [], onlineCountList: [], highTemperatureCountList: [], electricityTrendCountList: [], maintainCountList: [], alarmCountList: [], triggerCountList: [] };
    expect(pointCount(alarmTriggerOption(empty, labels))).toBe(0);
  });
});
