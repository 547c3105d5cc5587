import { textWidth } from '../DynamicTable/headerColumns.ts';

/** How wide a text is drawn, in CSS pixels. */
export type TextMeasure = (text: string) => number;

/** Cell padding (16px a side) and a border. */
export const CELL_CHROME = 34;

export interface WidthBounds {
  min: number;
  max: number;
  /** Drawn beside the cells' text (an icon and its gap). */
  extra?: number;
}

/**
 * A column wide enough for its title and its widest cell on one line, within bounds: measured from
 * the rows on screen, so a store code never wraps and a short column takes no more than it needs.
 */
export function contentColumnWidth(title: string, texts: Iterable<string>, measure: TextMeasure, bounds: WidthBounds): number {
  let widest = measure(title);
  for (const text of texts) widest = Math.max(widest, measure(text) + (bounds.extra ?? 0));
  return Math.min(bounds.max, Math.max(bounds.min, Math.ceil(widest) + CELL_CHROME));
}

let context: CanvasRenderingContext2D | null | undefined;

/**
 * The browser's own measure of a text in the table's font (14px, Arco's font stack), or an
 * estimate where there is no canvas (unit tests): CJK a full em, other characters about half.
 */
export function tableTextMeasure(): TextMeasure {
  if (context === undefined) {
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (context) {
      const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
      context.font = `14px ${family}`;
    }
  }
  const measuring = context;
  return measuring ? (text) => measuring.measureText(text).width : textWidth;
}
