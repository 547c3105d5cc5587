import { describe, expect, it } from 'vitest';
import { boxesOverlap, LABEL_GAP, layOutLabels, type LabelRequest, type PlacedLabel } from './labelLayout.ts';

const bounds = { x: 0, y: 0, width: 600, height: 600 };
const STEP = 60;
const label = (key: string, col: number, row: number, width: number, priority = 0, movable = true): LabelRequest => ({
  key,
  anchor: { x: col * STEP + STEP / 2, y: row * STEP + STEP / 2 },
  width,
  height: 34,
  priority,
  movable,
});

function expectNoOverlap(placed: readonly PlacedLabel[]) {
  for (const [i, a] of placed.entries()) {
    for (const b of placed.slice(i + 1)) expect(boxesOverlap(a.box, b.box, LABEL_GAP), `${a.key} and ${b.key}`).toBe(false);
  }
}

describe('layOutLabels', () => {
  it('puts labels that fit on their own tiles, without leaders', () => {
    const placed = layOutLabels([label('北京', 5, 2, 56), label('天津', 5, 3, 56), label('河北', 4, 3, 56)], bounds, STEP);
    expect(placed.map((p) => [p.key, p.leader])).toEqual([
      ['北京', null],
      ['天津', null],
      ['河北', null],
    ]);
    expect(placed[0]!.box).toEqual({ x: 5 * STEP + 2, y: 2 * STEP + 13, width: 56, height: 34 });
  });

  it('moves a wide label that would cover a more urgent neighbour\'s onto a free spot with a leader line from its tile', () => {
    const placed = layOutLabels([label('河北 失联12台', 4, 3, 150, 1), label('天津', 5, 3, 56, 3)], bounds, STEP);
    expectNoOverlap(placed);
    const hebei = placed.find((p) => p.key === '河北 失联12台')!;
    expect(hebei.leader).not.toBeNull();
    expect(hebei.leader!.from).toEqual({ x: 4 * STEP + STEP / 2, y: 3 * STEP + STEP / 2 });
    // The leader ends on the label's edge.
    const { to } = hebei.leader!;
    expect(to.x).toBeGreaterThanOrEqual(hebei.box.x);
    expect(to.x).toBeLessThanOrEqual(hebei.box.x + hebei.box.width);
    expect([hebei.box.y, hebei.box.y + hebei.box.height]).toContain(to.y);
  });

  it('leaves out the least urgent labels when a spot is crowded, and never a more urgent one', () => {
    const crowd = [label('calm', 4, 4, 56, 0, false), label('urgent', 4, 4, 56, 3), label('also-calm', 4, 4, 56, 0, false)];
    const placed = layOutLabels(crowd, bounds, STEP);
    expect(placed.find((p) => p.key === 'urgent')).toMatchObject({ leader: null });
    expect(placed.some((p) => p.key === 'calm' || p.key === 'also-calm')).toBe(false);
  });

  it('never overlaps and stays inside the map, however dense the request', () => {
    const dense = Array.from({ length: 81 }, (_, i) => label(`p${i}`, i % 9, Math.floor(i / 9), 40 + (i % 5) * 30, i % 4, i % 2 === 0));
    const placed = layOutLabels(dense, { x: 0, y: 0, width: 9 * STEP, height: 9 * STEP }, STEP);
    expect(placed.length).toBeGreaterThan(20);
    expectNoOverlap(placed);
    for (const { box } of placed) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(9 * STEP);
      expect(box.y + box.height).toBeLessThanOrEqual(9 * STEP);
    }
  });
});
