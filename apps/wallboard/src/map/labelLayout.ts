/** A rectangle in the map's pixels, top-left based. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}

export interface LabelRequest {
  key: string;
  /** The tile centre the label belongs to. */
  anchor: Point;
  width: number;
  height: number;
  /** Higher is placed first and so wins a crowded spot. */
  priority: number;
  /** May it move off its tile on a leader line (places that need action), or only sit on it? */
  movable: boolean;
}

export interface PlacedLabel {
  key: string;
  box: Box;
  /** From the tile centre to the label's nearest edge, when the label had to move off its tile. */
  leader: { from: Point; to: Point } | null;
}

/** Space kept between two labels, so their backgrounds never touch. */
export const LABEL_GAP = 4;

export function boxesOverlap(a: Box, b: Box, gap = 0): boolean {
  return a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
}

const inside = (box: Box, bounds: Box) =>
  box.x >= bounds.x && box.y >= bounds.y && box.x + box.width <= bounds.x + bounds.width && box.y + box.height <= bounds.y + bounds.height;

const centredAt = ({ x, y }: Point, width: number, height: number): Box => ({ x: x - width / 2, y: y - height / 2, width, height });

/** The point of `box` nearest to `point`: where a leader line ends. */
function nearestEdge(box: Box, point: Point): Point {
  return { x: Math.min(Math.max(point.x, box.x), box.x + box.width), y: Math.min(Math.max(point.y, box.y), box.y + box.height) };
}

/** Off-tile spots tried in order: straight up, down, left, right, then the diagonals, one and two steps out. */
const DIRECTIONS: readonly Point[] = [
  { x: 0, y: -1 },
  { x: 0, y: 1 },
  { x: -1, y: 0 },
  { x: 1, y: 0 },
  { x: -1, y: -1 },
  { x: 1, y: -1 },
  { x: -1, y: 1 },
  { x: 1, y: 1 },
];

/**
 * Greedy placement from the most urgent label down: each label on its tile if that spot is free,
 * else (when movable) the first free spot around it on a leader line, else left out. Nothing placed
 * overlaps anything placed before it or leaves `bounds`, so no two drawn labels overlap. A label
 * may lie across a neighbour's tile, never across its label. `step` is a tile's pitch.
 */
export function layOutLabels(requests: readonly LabelRequest[], bounds: Box, step: number): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const taken: Box[] = [];
  const free = (box: Box) => inside(box, bounds) && taken.every((other) => !boxesOverlap(box, other, LABEL_GAP));
  const ordered = requests.map((request, index) => ({ request, index })).sort((a, b) => b.request.priority - a.request.priority || a.index - b.index);
  for (const { request } of ordered) {
    const { key, anchor, width, height } = request;
    const onTile = centredAt(anchor, width, height);
    let chosen: PlacedLabel | null = free(onTile) ? { key, box: onTile, leader: null } : null;
    if (!chosen && request.movable) {
      for (const distance of [1, 2]) {
        for (const direction of DIRECTIONS) {
          const box = centredAt(
            { x: anchor.x + direction.x * (step * distance * 0.5 + width / 2), y: anchor.y + direction.y * (step * distance * 0.5 + height / 2) },
            width,
            height,
          );
          if (free(box)) {
            chosen = { key, box, leader: { from: anchor, to: nearestEdge(box, anchor) } };
            break;
          }
        }
        if (chosen) break;
      }
    }
    if (chosen) {
      placed.push(chosen);
      taken.push(chosen.box);
    }
  }
  return placed;
}
