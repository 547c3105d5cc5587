/**
 * The placement map's view (console-spec section 9: canvas 800x650, zoom step 0.1, minimum 0.3).
 * `zoom` is relative to the fitted plan, so 1 always shows the whole plan whatever its pixel size;
 * the plan is drawn at `fit * zoom` with its top-left corner at (`offsetX`, `offsetY`) on the canvas.
 */
export const MAP_CANVAS = { width: 800, height: 650 } as const;
export const ZOOM_STEP = 0.1;
export const MIN_ZOOM = 0.3;

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface MapView {
  /** Plan pixels to canvas pixels at zoom 1. */
  fit: number;
  zoom: number;
  offsetX: number;
  offsetY: number;
}

/** The whole plan, centred, as large as the canvas holds. */
export function fittedView(plan: Size, canvas: Size = MAP_CANVAS): MapView {
  const fit = Math.min(canvas.width / plan.width, canvas.height / plan.height);
  return {
    fit,
    zoom: 1,
    offsetX: (canvas.width - plan.width * fit) / 2,
    offsetY: (canvas.height - plan.height * fit) / 2,
  };
}

export function drawScale(view: MapView): number {
  return view.fit * view.zoom;
}

/** Where a plan pixel lands on the canvas. */
export function toCanvas(view: MapView, point: Point): Point {
  const scale = drawScale(view);
  return { x: view.offsetX + point.x * scale, y: view.offsetY + point.y * scale };
}

export type ZoomOutcome = { ok: true; view: MapView } | { ok: false; reason: 'belowMinimum' };

/**
 * One wheel notch: in for a wheel turned away from the user (deltaY < 0), out otherwise. The plan
 * point under `anchor` (canvas pixels) stays put. Zoom is kept to one decimal so that ten steps
 * in and out land exactly where they started and the minimum compares exactly.
 */
export function zoomByWheel(view: MapView, deltaY: number, anchor: Point): ZoomOutcome {
  const direction = deltaY < 0 ? 1 : -1;
  const zoom = Math.round((view.zoom + direction * ZOOM_STEP) * 10) / 10;
  if (zoom < MIN_ZOOM) return { ok: false, reason: 'belowMinimum' };
  const ratio = zoom / view.zoom;
  return {
    ok: true,
    view: {
      ...view,
      zoom,
      offsetX: anchor.x - (anchor.x - view.offsetX) * ratio,
      offsetY: anchor.y - (anchor.y - view.offsetY) * ratio,
    },
  };
}

/** A drag by (dx, dy) canvas pixels moves the plan with the pointer. */
export function panBy(view: MapView, dx: number, dy: number): MapView {
  return { ...view, offsetX: view.offsetX + dx, offsetY: view.offsetY + dy };
}

/** The export draws the whole plan at its own pixel size, whatever the view on screen. */
export function exportView(): MapView {
  return { fit: 1, zoom: 1, offsetX: 0, offsetY: 0 };
}

/** The point whose centre is nearest to `at` (canvas pixels), if it lies within `reach`. */
export function pointAt<P extends Point>(placement: { points: readonly P[] }, view: MapView, at: Point, reach: number): P | undefined {
  let nearest: P | undefined;
  let best = reach;
  for (const point of placement.points) {
    const shown = toCanvas(view, point);
    const distance = Math.hypot(shown.x - at.x, shown.y - at.y);
    if (distance <= best) {
      best = distance;
      nearest = point;
    }
  }
  return nearest;
}
