import type { ChartOption, SeriesOption } from './chartOption.ts';

/** The toolbox's button titles, in the interface language. */
export interface ToolboxLabels {
  line: string;
  bar: string;
  restore: string;
  saveAsImage: string;
}

function seriesOf(option: ChartOption): SeriesOption[] {
  const { series } = option;
  if (!series) return [];
  return (Array.isArray(series) ? series : [series]) as SeriesOption[];
}

/** The line a chart's title takes at the top; barOption keeps the toolbox's room under it. */
export const TITLE_SPACE = 36;

const titled = (option: ChartOption) => {
  const title = Array.isArray(option.title) ? option.title[0] : option.title;
  return typeof title?.text === 'string' && title.text !== '';
};

/** Line/bar switching only means something on a cartesian chart; a pie chart gets restore and save only. */
export function isSwitchable(option: ChartOption): boolean {
  return seriesOf(option).some((series) => series.type === 'bar' || series.type === 'line');
}

/**
 * Every chart's toolbox (console-spec screens 9 and 12: switch line/bar, restore, save as image).
 * The image is named after the chart (`imageName`) and drawn on white, so a saved PNG is readable
 * outside the page. Under a title, not beside it: on a phone the centred title ran under the icons.
 */
export function withToolbox(option: ChartOption, labels: ToolboxLabels, imageName: string): ChartOption {
  const switchable = isSwitchable(option);
  return {
    ...option,
    toolbox: {
      right: 16,
      ...(titled(option) ? { top: TITLE_SPACE } : {}),
      feature: {
        ...(switchable ? { magicType: { type: ['line', 'bar'], title: { line: labels.line, bar: labels.bar } } } : {}),
        restore: { title: labels.restore },
        saveAsImage: { title: labels.saveAsImage, name: imageName, type: 'png', backgroundColor: '#fff' },
      },
    },
  };
}
