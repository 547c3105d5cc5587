import { describe, expect, it } from 'vitest';
import { FLOOR_PLAN, floorPlanWings } from './floor-plan-layout.ts';
import { floorPlanSvg } from './floor-plan-svg.ts';
import { floorPlanTexts, textAdvance } from './floor-plan-texts.ts';

const wings = floorPlanWings([
  { regionId: 1, name: '外围', subAreas: [{ regionId: 11, name: '停车场' }, { regionId: 12, name: '垃圾房' }] },
  { regionId: 2, name: '后厨', subAreas: [{ regionId: 21, name: '粗加工区' }, { regionId: 22, name: '冷库' }, { regionId: 23, name: 'Bar 2' }] },
]);

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('floorPlanTexts', () => {
  it('measures CJK at a full em and other characters at six tenths', () => {
    expect(textAdvance('冷库', 13)).toBe(26);
    expect(textAdvance('Bar 2', 10)).toBe(30);
  });

  it('puts each room name inside its room, each wing name above the plan, and no two texts on each other', () => {
    const texts = floorPlanTexts(wings);
    for (const room of wings.flatMap((wing) => wing.rooms)) {
      const text = texts.find((candidate) => candidate.text === room.name)!;
      expect(text.x).toBeGreaterThanOrEqual(room.x);
      expect(text.y).toBeGreaterThanOrEqual(room.y);
      expect(text.x + text.width).toBeLessThanOrEqual(room.x + room.width);
      expect(text.y + text.height).toBeLessThanOrEqual(room.y + room.height);
    }
    for (const wing of wings) expect(texts.find((text) => text.text === wing.name)!.y + 15 * 1.5).toBeLessThanOrEqual(FLOOR_PLAN.margin);
    texts.forEach((text, i) => texts.slice(i + 1).forEach((other) => expect(overlap(text, other), `${text.text} / ${other.text}`).toBe(false)));
  });

  it('is what the image draws: every text at its box, set to the box’s width', () => {
    const svg = floorPlanSvg({ storeName: '门店', planName: '方案', wings });
    for (const text of floorPlanTexts(wings)) {
      expect(svg).toContain(`x="${Math.round(text.x * 10) / 10}" y="${Math.round(text.baseline * 10) / 10}" class="${text.style}" textLength="${text.width}" lengthAdjust="spacingAndGlyphs">${text.text}</text>`);
    }
  });
});
