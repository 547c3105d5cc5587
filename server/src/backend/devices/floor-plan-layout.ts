/**
 * The schematic floor plan of a service plan, drawn from its own regions while it has no uploaded
 * image: the building split into one wing per top-level region
 * (外围, 后厨, 仓库, 前厅…) side by side, each wing split into one room per sub-area from top to
 * bottom. The map canvas is 800x650 (console-spec section 9), so the image is too.
 */
export const FLOOR_PLAN = { width: 800, height: 650, margin: 40, roomPadding: 14 } as const;

export interface Room {
  regionId: number;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Wing extends Room {
  rooms: Room[];
}

/** The wings and rooms of a plan whose top-level regions (in id order) hold these sub-areas (in id order). */
export function floorPlanWings(tops: readonly { regionId: number; name: string; subAreas: readonly { regionId: number; name: string }[] }[]): Wing[] {
  const { width, height, margin } = FLOOR_PLAN;
  const wingWidth = (width - 2 * margin) / tops.length;
  const wingHeight = height - 2 * margin;
  return tops.map((top, t) => {
    const x = margin + t * wingWidth;
    const roomHeight = wingHeight / top.subAreas.length;
    return {
      regionId: top.regionId,
      name: top.name,
      x,
      y: margin,
      width: wingWidth,
      height: wingHeight,
      rooms: top.subAreas.map((sub, s) => ({ regionId: sub.regionId, name: sub.name, x, y: margin + s * roomHeight, width: wingWidth, height: roomHeight })),
    };
  });
}
