import { describe, expect, it } from 'vitest';
import { OVER_THRESHOLD_COLOUR } from '@pest/shared/charts';
import { trendChartSvg } from './trends.ts';

const counts = [0, 2, 5, 3, 4, 1];
const series = {
  pest: '鼠',
  regionType: 'kitchen',
  threshold: 3,
  visits: counts.map((count, index) => ({ day: `2026-07-0${index + 1}`, quarter: '2026Q3', count })),
};

describe('the trend review’s chart', () => {
  it('is drawn by ECharts on the server: the title, every visit’s date, the threshold’s labelled line, the bars over it red', () => {
    const svg = trendChartSvg(series);
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain('鼠 · 后厨/加工');
    expect(svg).toContain('阈值 3');
    for (const day of ['07-01', '07-06']) expect(svg).toContain(day);
    expect(svg).toMatch(new RegExp(`stroke="${OVER_THRESHOLD_COLOUR}" stroke-dasharray`));
    const redBars = [...svg.matchAll(new RegExp(`<path [^>]*fill="${OVER_THRESHOLD_COLOUR}"[^>]*ecmeta_data_index="(\\d+)"`, 'g'))].map((match) => Number(match[1]));
    expect(redBars).toEqual([2, 4]);
  });
});
