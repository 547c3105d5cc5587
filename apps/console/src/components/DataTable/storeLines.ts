import type { TextMeasure } from './contentWidth.ts';

/** A store name up to this wide (about 12 characters) stays on one line. */
export const STORE_LINE_WIDTH = 168;

/**
 * A store name as the lines its cell is sized by: one when it is short, else two halves of about
 * equal width. The cell wraps at its width, so a long name shows whole on two lines in a column
 * half as wide, instead of "润香小…" in a column the secondary ones left it.
 */
export function storeLines(name: string, measure: TextMeasure): readonly string[] {
  const total = measure(name);
  if (total <= STORE_LINE_WIDTH) return [name];
  const chars = Array.from(name);
  let first = '';
  for (const char of chars) {
    if (measure(first + char) > total / 2) break;
    first += char;
  }
  // The first line takes one character more than half, so the second is never the wider.
  const cut = Math.min(chars.length - 1, Array.from(first).length + 1);
  return [chars.slice(0, cut).join(''), chars.slice(cut).join('')];
}
