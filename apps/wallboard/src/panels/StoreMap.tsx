import { useCallback, useEffect, useMemo, useState } from 'react';
import type { StoreStatus } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { ACTIONS, OFFLINE_SHARE_FOR_ACTION, rollUpStores, type PlaceStatus } from '../board/statusRollup.ts';
import { layOutLabels } from '../map/labelLayout.ts';
import { textWidth } from '../map/measureText.ts';
import { LABEL_FONT_SIZE, LABEL_LINE_HEIGHT, LABEL_PADDING_Y, labelLines, labelRequests, tileMap, type Tile } from '../map/tileMap.ts';
import { useElementSize } from '../screen/useElementSize.ts';
import { MapFocusCard } from './MapFocusCard.tsx';
import { Panel } from './Panel.tsx';

/** How long each place stays in focus. */
export const FOCUS_MS = 8_000;
const LABEL_WEIGHT = 600;

/** The places the focus visits: those that need action; when none does, every place. */
function focusTour(places: readonly PlaceStatus[]): readonly PlaceStatus[] {
  const needing = places.filter((place) => place.action !== 'calm');
  return needing.length > 0 ? needing : places;
}

/**
 * Stores by province on a flat tile map, each province coloured by what needs action there now,
 * with a legend; the focus moves by itself through the places that need action, and the card
 * beside the map lists the focused place's worst stores with how long their alarms have waited.
 * Labels are laid out from their measured boxes: off their tile on a leader line, or left out,
 * rather than over another label.
 */
export function StoreMap({ stores }: { stores: StoreStatus[] | null }) {
  const { t } = useTranslation();
  const places = useMemo(() => (stores ? rollUpStores(stores) : null), [stores]);
  const tour = useMemo(() => (places ? focusTour(places) : []), [places]);
  const [focusIndex, setFocusIndex] = useState(0);
  useEffect(() => {
    if (tour.length < 2) return;
    const timer = setInterval(() => setFocusIndex((index) => index + 1), FOCUS_MS);
    return () => clearInterval(timer);
  }, [tour.length]);
  const focus = tour.length > 0 ? tour[focusIndex % tour.length]! : null;

  const { ref, width, height } = useElementSize<HTMLDivElement>();
  const map = useMemo(() => tileMap(width, height, places ?? []), [width, height, places]);
  const lines = useCallback((tile: Tile) => labelLines(tile, (count) => t('map.dark', { count })), [t]);
  const labels = useMemo(() => {
    if (width === 0) return [];
    // The labels inherit the page's font: measure in it.
    const font = `${LABEL_WEIGHT} ${LABEL_FONT_SIZE}px ${getComputedStyle(document.body).fontFamily}`;
    const requests = labelRequests(map.tiles, focus?.name ?? null, lines, (text) => textWidth(text, font));
    const textOf = new Map(map.tiles.map((tile) => [tile.name, lines(tile)]));
    return layOutLabels(requests, map.bounds, map.step).map((label) => ({ ...label, lines: textOf.get(label.key) ?? [] }));
  }, [map, focus, lines, width]);

  return (
    <Panel title={t('map.title')} className="map" empty={!places}>
      <div className="map-area" ref={ref}>
        {width > 0 && (
          <svg className="tile-map" width={width} height={height} viewBox={`0 0 ${width} ${height}`} data-testid="store-map">
            {map.tiles.map(({ name, box, place }) => (
              <rect
                key={name}
                className={`tile action-${place?.action ?? 'none'}${place && place === focus ? ' focused' : ''}`}
                data-province={name}
                data-action={place?.action ?? 'none'}
                x={box.x}
                y={box.y}
                width={box.width}
                height={box.height}
                rx={6}
              />
            ))}
            {labels.map(({ key, leader }) => leader && <line key={key} className="leader" x1={leader.from.x} y1={leader.from.y} x2={leader.to.x} y2={leader.to.y} />)}
            {labels.map(({ key, box, lines: text }) => (
              <g key={key} className="map-label" data-testid="map-label" data-province={key}>
                <rect className="map-label-bg" x={box.x} y={box.y} width={box.width} height={box.height} rx={4} />
                <text x={box.x + box.width / 2} y={box.y + LABEL_PADDING_Y} style={{ fontSize: LABEL_FONT_SIZE, fontWeight: LABEL_WEIGHT }}>
                  {text.map((line, index) => (
                    <tspan key={line} x={box.x + box.width / 2} y={box.y + LABEL_PADDING_Y + LABEL_LINE_HEIGHT * (index + 0.5)} className={index > 0 ? 'dark-boxes' : undefined}>
                      {line}
                    </tspan>
                  ))}
                </text>
              </g>
            ))}
          </svg>
        )}
      </div>
      {focus && <MapFocusCard place={focus} />}
      <div className="map-legend" data-testid="map-legend">
        {ACTIONS.map((action) => (
          <span key={action} className={`legend-item action-${action}`}>
            <i />
            {t(`map.legend.${action}`, { percent: OFFLINE_SHARE_FOR_ACTION * 100 })}
          </span>
        ))}
        <span className="legend-item action-none">
          <i />
          {t('map.legend.none')}
        </span>
      </div>
    </Panel>
  );
}
