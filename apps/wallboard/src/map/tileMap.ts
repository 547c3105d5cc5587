import type { Action, PlaceStatus } from '../board/statusRollup.ts';
import type { Box, LabelRequest } from './labelLayout.ts';
import { GRID_SIZE, PROVINCE_TILES, shortPlaceName } from './provinceGrid.ts';

/** Map label text in design pixels: body text, readable across a room. */
export const LABEL_FONT_SIZE = 24;
export const LABEL_LINE_HEIGHT = 30;
export const LABEL_PADDING_X = 2;
export const LABEL_PADDING_Y = 2;
/** Space between two tiles. */
const TILE_GAP = 4;

export interface Tile {
  /** The full province name, as the backend's regions and PROVINCE_TILES spell it. */
  name: string;
  box: Box;
  centre: { x: number; y: number };
  /** Null when none of the stores in scope is there. */
  place: PlaceStatus | null;
}

export interface TileMap {
  tiles: Tile[];
  bounds: Box;
  /** A tile's pitch (its side and the gap to the next). */
  step: number;
}

/** The province grid fitted into width × height, centred, with the places in scope on their tiles. */
export function tileMap(width: number, height: number, places: readonly PlaceStatus[]): TileMap {
  const step = Math.max(0, Math.min(width, height) / GRID_SIZE);
  const left = (width - step * GRID_SIZE) / 2;
  const top = (height - step * GRID_SIZE) / 2;
  const byName = new Map(places.map((place) => [place.name, place]));
  const tiles = Object.entries(PROVINCE_TILES).map(([name, [col, row]]) => {
    const box = { x: left + col * step + TILE_GAP / 2, y: top + row * step + TILE_GAP / 2, width: step - TILE_GAP, height: step - TILE_GAP };
    return { name, box, centre: { x: box.x + box.width / 2, y: box.y + box.height / 2 }, place: byName.get(name) ?? null };
  });
  return { tiles, bounds: { x: 0, y: 0, width, height }, step };
}

const PRIORITY: Record<Action, number> = { critical: 3, major: 2, offline: 1, calm: 0 };

/**
 * The lines of a tile's label: its short name, and for a gateway outage the boxes gone dark with
 * it (the outage's blast radius). Provinces without stores in scope get no label: the tile's
 * colour says there is nothing there.
 */
export function labelLines(tile: Tile, darkText: (count: number) => string): string[] {
  if (!tile.place) return [];
  const name = shortPlaceName(tile.name);
  return tile.place.darkBoxes > 0 ? [name, darkText(tile.place.darkBoxes)] : [name];
}

/**
 * What to ask of the label layout for each labelled tile: its box (measured text plus padding),
 * the focused place first, then by urgency; only places that need action may move off their tile.
 */
export function labelRequests(
  tiles: readonly Tile[],
  focusName: string | null,
  lines: (tile: Tile) => string[],
  measure: (text: string) => number,
): LabelRequest[] {
  return tiles.flatMap((tile) => {
    const text = lines(tile);
    if (!tile.place || text.length === 0) return [];
    const focused = tile.name === focusName;
    return [
      {
        key: tile.name,
        anchor: tile.centre,
        width: Math.ceil(Math.max(...text.map(measure))) + 2 * LABEL_PADDING_X,
        height: text.length * LABEL_LINE_HEIGHT + 2 * LABEL_PADDING_Y,
        priority: focused ? 4 : PRIORITY[tile.place.action],
        movable: focused || tile.place.action !== 'calm',
      },
    ];
  });
}
