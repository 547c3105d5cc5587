let context: CanvasRenderingContext2D | null = null;

/** The drawn width of `text` in a CSS font, from a canvas the browser lays text out with as it does the page. */
export function textWidth(text: string, font: string): number {
  context ??= document.createElement('canvas').getContext('2d')!;
  context.font = font;
  return context.measureText(text).width;
}
