import type { PlanTextBox } from '@pest/shared';
import { FLOOR_PLAN, type Wing } from './floor-plan-layout.ts';

/** How a text is set: its class in the image's stylesheet, its size in pixels, and what its x is. */
export type PlanTextStyle = 'room' | 'wing' | 'note';
export const PLAN_TEXT_SIZES: Record<PlanTextStyle, number> = { room: 13, wing: 15, note: 12 };

export interface PlanText extends PlanTextBox {
  style: PlanTextStyle;
  /** The baseline's y, where SVG sets the text. */
  baseline: number;
}

/** A font's box around its baseline, in ems: generous enough for the CJK fonts browsers fall back on (Noto CJK: 1.16 and 0.29). */
const ASCENT = 1.2;
const DESCENT = 0.3;

/**
 * A text's advance at `size` pixels: CJK a full em, others about six tenths. The image sets each
 * text to exactly this length (SVG textLength), so the box is what is drawn whatever font it has.
 */
export function textAdvance(text: string, size: number): number {
  let ems = 0;
  for (const char of text) ems += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/u.test(char) ? 1 : 0.6;
  return Math.round(ems * size * 10) / 10;
}

function placed(text: string, style: PlanTextStyle, left: number, baseline: number): PlanText {
  const size = PLAN_TEXT_SIZES[style];
  return { text, style, x: left, y: baseline - ASCENT * size, width: textAdvance(text, size), height: (ASCENT + DESCENT) * size, baseline };
}

/**
 * Every text the floor plan prints, where it prints it: each room's name at its top-left corner,
 * each wing's name centred above it, the entrance and the north arrow's letter. The image draws
 * these (floor-plan-svg.ts) and the placement hands them to the map, so both say the same place.
 */
export function floorPlanTexts(wings: readonly Wing[]): PlanText[] {
  const { width, height, margin } = FLOOR_PLAN;
  const texts: PlanText[] = [];
  for (const wing of wings) {
    for (const room of wing.rooms) texts.push(placed(room.name, 'room', room.x + 8, room.y + 18));
    const wingWidth = textAdvance(wing.name, PLAN_TEXT_SIZES.wing);
    texts.push(placed(wing.name, 'wing', wing.x + wing.width / 2 - wingWidth / 2, margin - 10));
  }
  texts.push(placed('入口', 'note', width / 2 + 16, height - 10));
  const north = textAdvance('N', PLAN_TEXT_SIZES.note);
  texts.push(placed('N', 'note', width - 26 - north / 2, height - 18));
  return texts;
}
