import { describe, expect, it } from 'vitest';
import { boxesOverlap, layoutLabels, type LabelRequest } from './labelLayout.ts';

const canvas = { width: 400, height: 300 };
const label = (x: number, y: number, width = 40): LabelRequest => ({ anchor: { x, y }, radius: 6, width, height: 14 });

const allApart = (boxes: { x: number; y: number; width: number; height: number }[]) =>
  boxes.every((box, i) => boxes.every((other, j) => i === j || !boxesOverlap(box, other)));

describe('layoutLabels', () => {
  it('puts a lone label to the right of its point, with no leader line', () => {
    const [placed] = layoutLabels([label(100, 100)], canvas);
    expect(placed).toEqual({ index: 0, box: { x: 110, y: 93, width: 40, height: 14 }, leaderTo: null });
  });

  it('moves a label that would cover a neighbour to a free side', () => {
    const placed = layoutLabels([label(100, 100), label(130, 100)], canvas);
    expect(placed).toHaveLength(2);
    expect(placed[0]!.box.x).toBeLessThan(100);
    expect(allApart(placed.map((p) => p.box))).toBe(true);
  });

  it('never overlaps labels or points in a crowd, and leaves out what does not fit', () => {
    const crowd = Array.from({ length: 60 }, (_, i) => label(150 + (i % 10) * 9, 120 + Math.floor(i / 10) * 9, 56));
    const placed = layoutLabels(crowd, canvas);
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.length).toBeLessThan(crowd.length);
    expect(allApart(placed.map((p) => p.box))).toBe(true);
    for (const { box } of placed) {
      for (const request of crowd) {
        const point = { x: request.anchor.x - 6, y: request.anchor.y - 6, width: 12, height: 12 };
        expect(boxesOverlap(box, point)).toBe(false);
      }
    }
  });

  it('draws a leader line to a label placed away from its point', () => {
    // Eight neighbours close around the point take every place beside it.
    const around = [[232, 150], [168, 150], [200, 128], [200, 172], [225, 128], [225, 172], [175, 128], [175, 172]] as const;
    const ring = [label(200, 150), ...around.map(([x, y]) => label(x, y))];
    const [first] = layoutLabels(ring, canvas);
    expect(first?.index).toBe(0);
    expect(first?.leaderTo).not.toBeNull();
  });

  it('keeps labels on the canvas and gives points off it none', () => {
    const placed = layoutLabels([label(395, 150), label(-20, 150)], canvas);
    expect(placed.map((p) => p.index)).toEqual([0]);
    expect(placed[0]!.box.x + placed[0]!.box.width).toBeLessThanOrEqual(400);
  });

  it('keeps labels off the texts the plan prints: the next free side, else left out', () => {
    // A room name right of the point: the label goes to the left instead.
    const roomName = { x: 108, y: 90, width: 60, height: 20 };
    const [beside] = layoutLabels([label(100, 100)], canvas, [roomName]);
    expect(boxesOverlap(beside!.box, roomName)).toBe(false);
    expect(beside!.box.x).toBeLessThan(100);
    // Names all round: no place is left, the label shows on hover only.
    const everywhere = { x: 0, y: 0, width: 400, height: 300 };
    expect(layoutLabels([label(100, 100)], canvas, [everywhere])).toEqual([]);
  });
});
