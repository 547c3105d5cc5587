import { FLOOR_PLAN } from './floor-plan-layout.ts';
import { floorPlanTexts, type PlanText } from './floor-plan-texts.ts';
import type { FloorPlan } from './placement.ts';

/** Wing fills by what happens there: food handling warm, storage cool, public areas neutral, outside green. */
const WING_FILLS: [RegExp, string][] = [
  [/外围/, '#eef6ea'],
  [/后厨|加工|车间/, '#fdf1e6'],
  [/仓/, '#eaf1fb'],
];
const DEFAULT_FILL = '#f6f4fb';
const DOOR = 28;

/**
 * The floor plan as an architectural sketch: outer walls, one wing per top-level region with its
 * name, one room per sub-area with a door onto the corridor side, the entrance and a north arrow.
 * Drawn in the same pixels as the points' x and y, so the console can draw the points on top; the
 * texts come last, over walls and doors, where floorPlanTexts says.
 */
export function floorPlanSvg(plan: FloorPlan): string {
  const { width, height, margin } = FLOOR_PLAN;
  const parts: string[] = [];
  for (const wing of plan.wings) {
    const fill = WING_FILLS.find(([pattern]) => pattern.test(wing.name))?.[1] ?? DEFAULT_FILL;
    parts.push(`<rect x="${n(wing.x)}" y="${n(wing.y)}" width="${n(wing.width)}" height="${n(wing.height)}" fill="${fill}"/>`);
    for (const room of wing.rooms) {
      parts.push(`<rect x="${n(room.x)}" y="${n(room.y)}" width="${n(room.width)}" height="${n(room.height)}" class="wall"/>`);
      // A door gap in the room's bottom wall (the last room's opens onto the outer corridor).
      const doorX = room.x + room.width / 2 - DOOR / 2;
      parts.push(`<line x1="${n(doorX)}" y1="${n(room.y + room.height)}" x2="${n(doorX + DOOR)}" y2="${n(room.y + room.height)}" class="door"/>`);
      parts.push(`<path d="M${n(doorX)} ${n(room.y + room.height)} a${DOOR} ${DOOR} 0 0 1 ${DOOR} ${-DOOR}" class="swing"/>`);
    }
  }
  const entrance = `<path d="M${width / 2 - 10} ${height - 8} l10 -14 l10 14 z" fill="#606266"/>`;
  const north = `<g transform="translate(${width - 26} ${height - 30})"><path d="M0 -14 l6 14 l-6 -4 l-6 4 z" fill="#303133"/></g>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>${escapeXml(`${plan.storeName} · ${plan.planName} · 布局图`)}</title>`,
    '<style>.wall{fill:none;stroke:#909399;stroke-width:2}.door{stroke:#fff;stroke-width:4}.swing{fill:none;stroke:#c0c4cc;stroke-width:1;stroke-dasharray:3 2}',
    '.room{font:13px sans-serif;fill:#606266}.wing{font:bold 15px sans-serif;fill:#303133}.note{font:12px sans-serif;fill:#606266}</style>',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...parts,
    `<rect x="${margin}" y="${margin}" width="${width - 2 * margin}" height="${height - 2 * margin}" fill="none" stroke="#303133" stroke-width="5"/>`,
    entrance,
    north,
    ...floorPlanTexts(plan.wings).map(textElement),
    '</svg>',
  ].join('\n');
}

/** Set to its box's exact width, so the box the placement hands out is what is drawn, whatever the font. */
const textElement = (text: PlanText) =>
  `<text x="${n(text.x)}" y="${n(text.baseline)}" class="${text.style}" textLength="${n(text.width)}" lengthAdjust="spacingAndGlyphs">${escapeXml(text.text)}</text>`;

const n = (value: number) => Math.round(value * 10) / 10;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.codePointAt(0)};`);
}
