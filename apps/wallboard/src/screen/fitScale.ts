/** The board is designed for one fixed canvas and scaled to whatever screen shows it. */
export const DESIGN_WIDTH = 1920;
export const DESIGN_HEIGHT = 1080;

export interface Fit {
  scale: number;
  /** Offsets of the scaled canvas inside the viewport: the letterbox bars, in CSS pixels. */
  left: number;
  top: number;
}

/**
 * The largest scale at which the whole design fits the viewport, centred, so a screen of another
 * aspect ratio gets bars rather than a cut or stretched board.
 */
export function fitScale(viewportWidth: number, viewportHeight: number): Fit {
  if (viewportWidth <= 0 || viewportHeight <= 0) return { scale: 1, left: 0, top: 0 };
  const scale = Math.min(viewportWidth / DESIGN_WIDTH, viewportHeight / DESIGN_HEIGHT);
  return {
    scale,
    left: (viewportWidth - DESIGN_WIDTH * scale) / 2,
    top: (viewportHeight - DESIGN_HEIGHT * scale) / 2,
  };
}

/**
 * The backing-store ratio a chart should render at: a canvas drawn at the design's size and then
 * scaled by CSS would blur on a 4K screen, so it draws `scale` times denser (and never below 1).
 */
export function chartPixelRatio(devicePixelRatio: number, scale: number): number {
  return Math.max(1, devicePixelRatio * scale);
}
