import type { Point, Size } from './mapView.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LabelRequest {
  /** The point's centre on the canvas and its drawn radius. */
  anchor: Point;
  radius: number;
  /** The label's measured size. */
  width: number;
  height: number;
}

export interface PlacedLabel {
  /** Index of the request. */
  index: number;
  box: Box;
  /** Where a leader line from the point meets the label, when the label sits away from its point. */
  leaderTo: Point | null;
}

/** Distances from the point's edge: the first is beside it, the others need a leader line. */
const DISTANCES = [4, 18, 34] as const;

export const boxesOverlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const inside = (box: Box, bounds: Size): boolean => box.x >= 0 && box.y >= 0 && box.x + box.width <= bounds.width && box.y + box.height <= bounds.height;

const onCanvas = ({ x, y }: Point, bounds: Size): boolean => x >= 0 && y >= 0 && x <= bounds.width && y <= bounds.height;

const pointBox = ({ anchor, radius }: LabelRequest): Box => ({ x: anchor.x - radius, y: anchor.y - radius, width: radius * 2, height: radius * 2 });

/** Right first (how a plan is read), then left, above, below and the corners. */
function candidates({ anchor: { x, y }, radius: r, width: w, height: h }: LabelRequest, d: number): Box[] {
  const far = r + d;
  const diagonal = r * Math.SQRT1_2 + d;
  return [
    { x: x + far, y: y - h / 2 },
    { x: x - far - w, y: y - h / 2 },
    { x: x - w / 2, y: y - far - h },
    { x: x - w / 2, y: y + far },
    { x: x + diagonal, y: y - diagonal - h },
    { x: x + diagonal, y: y + diagonal },
    { x: x - diagonal - w, y: y - diagonal - h },
    { x: x - diagonal - w, y: y + diagonal },
  ].map((corner) => ({ ...corner, width: w, height: h }));
}

/** The point of `box` nearest to `from`: where a leader line ends. */
function nearestOnBox(box: Box, from: Point): Point {
  return {
    x: Math.min(Math.max(from.x, box.x), box.x + box.width),
    y: Math.min(Math.max(from.y, box.y), box.y + box.height),
  };
}

/**
 * Places labels so that no two overlap, none covers a point or a box to `avoid` (the texts the
 * floor plan prints: room and wing names) and all stay on the canvas: each in turn (the caller
 * orders them, most important first) takes the first free place beside its point, else a place
 * further off with a leader line; a label with no free place is left out, and the map shows it on
 * hover. Points off the canvas get no label.
 */
export function layoutLabels(requests: readonly LabelRequest[], bounds: Size, avoid: readonly Box[] = []): PlacedLabel[] {
  const points = requests.map(pointBox);
  const placed: PlacedLabel[] = [];
  requests.forEach((request, index) => {
    if (!onCanvas(request.anchor, bounds)) return;
    for (const distance of DISTANCES) {
      const box = candidates(request, distance).find(
        (candidate) =>
          inside(candidate, bounds) &&
          !placed.some((other) => boxesOverlap(candidate, other.box)) &&
          !avoid.some((text) => boxesOverlap(candidate, text)) &&
          !points.some((point, other) => other !== index && boxesOverlap(candidate, point)),
      );
      if (box) {
        placed.push({ index, box, leaderTo: distance === DISTANCES[0] ? null : nearestOnBox(box, request.anchor) });
        return;
      }
    }
  });
  return placed;
}
