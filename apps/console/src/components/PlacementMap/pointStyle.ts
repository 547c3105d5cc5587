import { DeviceStatus, type PlacementPoint } from '@pest/shared';

export interface PointStyle {
  fill: string;
  radius: number;
  /** A ring around the point: only the device the page is about has one. */
  ring: string | null;
  label: string;
  labelFont: string;
  /** The label's font size in canvas pixels. */
  labelSize: number;
}

/** Arco's green, grey and red: the same hues as the device list's status tags. */
const STATUS_FILL: Record<DeviceStatus, string> = {
  [DeviceStatus.online]: '#00b42a',
  [DeviceStatus.offline]: '#86909c',
  [DeviceStatus.fault]: '#f53f3f',
};
/** A point with no device installed. */
const EMPTY_POINT_FILL = '#c9cdd4';
const HIGHLIGHT_RING = '#165dff';

/**
 * How a point is drawn. Radii are canvas pixels, not plan pixels, so labels stay readable at any
 * zoom; `scale` (canvas pixels per CSS pixel) keeps them the same size on screen when CSS shrinks
 * the canvas to a narrow container. The page's own device is larger, ringed and labelled in bold.
 */
export function pointStyle(point: PlacementPoint, highlightCode: string, scale = 1): PointStyle {
  const highlighted = point.serveCode === highlightCode;
  const labelSize = 12 * scale;
  return {
    fill: point.status === null ? EMPTY_POINT_FILL : STATUS_FILL[point.status],
    radius: (highlighted ? 9 : 6) * scale,
    ring: highlighted ? HIGHLIGHT_RING : null,
    label: point.serveCode,
    labelFont: `${highlighted ? 'bold ' : ''}${labelSize}px sans-serif`,
    labelSize,
  };
}
