import { AXIS_LABEL_FONT } from '@pest/shared/charts';

let context: CanvasRenderingContext2D | null | undefined;

/** A label's width as ECharts will draw it: the same canvas text metrics, in the axis labels' font. */
export function measureLabel(text: string): number {
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return text.length * 12;
  context.font = AXIS_LABEL_FONT;
  return context.measureText(text).width;
}
