import { describe, expect, it } from 'vitest';
import type { ChartOption } from './chartOption.ts';
import { isSwitchable, withToolbox } from './toolbox.ts';

const labels = { line: 'L', bar: 'B', restore: 'R', saveAsImage: 'S' };

describe('chart toolbox', () => {
  it('gives a bar chart the line/bar switch, restore and a PNG named after the chart', () => {
    const option: ChartOption = { xAxis: { type: 'category', data: ['a'] }, yAxis: {}, series: [{ type: 'bar', data: [1] }] };
    const toolbox = withToolbox(option, labels, '风险点汇总').toolbox as { feature: Record<string, Record<string, unknown>> };
    expect(Object.keys(toolbox.feature)).toEqual(['magicType', 'restore', 'saveAsImage']);
    expect(toolbox.feature.magicType).toEqual({ type: ['line', 'bar'], title: { line: 'L', bar: 'B' } });
    expect(toolbox.feature.saveAsImage).toMatchObject({ name: '风险点汇总', type: 'png', title: 'S' });
    expect(toolbox.feature.restore).toEqual({ title: 'R' });
  });

  it('keeps the option itself and does not change the caller’s object', () => {
    const option: ChartOption = { title: { text: 't' }, series: { type: 'line', data: [1] } };
    const result = withToolbox(option, labels, 't');
    expect(result.title).toEqual({ text: 't' });
    // Under the title, never over it; at the top of a chart without one.
    expect(result.toolbox).toMatchObject({ top: 36 });
    expect(withToolbox({ series: option.series }, labels, 't').toolbox).not.toHaveProperty('top');
    expect(option.toolbox).toBeUndefined();
    expect(isSwitchable(option)).toBe(true);
  });

  it('gives a pie chart no line/bar switch', () => {
    const option: ChartOption = { series: [{ type: 'pie', data: [{ name: 'a', value: 1 }] }] };
    const toolbox = withToolbox(option, labels, 'p').toolbox as { feature: Record<string, unknown> };
    expect(Object.keys(toolbox.feature)).toEqual(['restore', 'saveAsImage']);
    expect(isSwitchable({})).toBe(false);
  });
});
