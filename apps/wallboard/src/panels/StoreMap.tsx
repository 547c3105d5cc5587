import { useEffect, useMemo, useState } from 'react';
import type { StoreStatus } from '@pest/shared';
import { useTranslation } from 'react-i18next';
import { rollUpStores, type Health, type ProvinceStatus } from '../board/statusRollup.ts';
import { useChart } from '../charts/useChart.ts';
import { GRID_SIZE, PROVINCE_TILES, shortPlaceName } from '../map/provinceGrid.ts';
import { COLORS } from './theme.ts';
import { Panel } from './Panel.tsx';

/** How long each region stays in focus. */
export const FOCUS_MS = 8_000;
/** Cities listed for the region in focus. */
const FOCUS_CITIES = 5;

const HEALTH_COLOR: Record<Health, string> = { down: COLORS.down, alarm: COLORS.alarm, ok: COLORS.ok };

/** Bar height: grows with the devices in a province, gently, so one big province does not flatten the rest. */
const barHeight = (devices: number) => 1 + Math.sqrt(devices);

/**
 * Stores by province on a schematic 3D tile map (echarts-gl): each province a column as tall as
 * its fleet, coloured by its worst store; the focus moves from region to region by itself.
 */
export function StoreMap({ stores }: { stores: StoreStatus[] | null }) {
  const { t } = useTranslation();
  const provinces = useMemo(() => (stores ? rollUpStores(stores) : null), [stores]);
  const placed = useMemo(() => provinces?.filter((province) => PROVINCE_TILES[province.name]) ?? [], [provinces]);
  const [focusIndex, setFocusIndex] = useState(0);
  const focusCount = provinces?.length ?? 0;

  useEffect(() => {
    if (focusCount < 2) return;
    const timer = setInterval(() => setFocusIndex((index) => index + 1), FOCUS_MS);
    return () => clearInterval(timer);
  }, [focusCount]);
  const focus: ProvinceStatus | null = provinces && provinces.length > 0 ? provinces[focusIndex % provinces.length]! : null;

  const option = useMemo(() => {
    if (!provinces) return null;
    const byName = new Map(placed.map((province) => [province.name, province]));
    const maxHeight = Math.max(4, ...placed.map((province) => barHeight(province.devices)));
    const data = Object.entries(PROVINCE_TILES).map(([name, [col, row]]) => {
      const province = byName.get(name);
      const focused = province !== undefined && province === focus;
      return {
        name: shortPlaceName(name),
        value: [col, GRID_SIZE - 1 - row, province ? barHeight(province.devices) : 0.25],
        itemStyle: { color: province ? HEALTH_COLOR[province.health] : COLORS.none, opacity: province ? (focused ? 1 : 0.8) : 0.55 },
        label: {
          show: true,
          distance: 2,
          textStyle: { fontSize: focused ? 26 : 18, color: focused ? '#ffffff' : COLORS.text, fontWeight: focused ? 'bold' : 'normal', backgroundColor: 'transparent' },
          formatter: shortPlaceName(name),
        },
      };
    });
    return {
      grid3D: {
        // The left two thirds of the panel: the focus card has the right-hand side.
        left: 0,
        top: 0,
        width: '68%',
        height: '100%',
        boxWidth: 200,
        boxDepth: 190,
        boxHeight: 70,
        environment: 'none',
        // Hidden by opacity: echarts-gl fails on every camera update when axis lines are switched off.
        axisLine: { show: true, lineStyle: { opacity: 0 } },
        axisLabel: { show: false },
        axisTick: { show: false },
        splitLine: { show: false },
        splitArea: { show: false },
        axisPointer: { show: false },
        light: { main: { intensity: 1.1, shadow: false, alpha: 40, beta: 30 }, ambient: { intensity: 0.45 } },
        // A fixed, slightly tilted view: the focus moves, the camera does not (cheap to render for weeks).
        viewControl: { alpha: 55, beta: 0, distance: 240, rotateSensitivity: 0, zoomSensitivity: 0, panSensitivity: 0, autoRotate: false, animation: false },
      },
      xAxis3D: { type: 'value', name: '', min: -0.5, max: GRID_SIZE - 0.5 },
      yAxis3D: { type: 'value', name: '', min: -0.5, max: GRID_SIZE - 0.5 },
      zAxis3D: { type: 'value', name: '', min: 0, max: maxHeight },
      series: [{ type: 'bar3D', shading: 'lambert', barSize: 16, bevelSize: 0.2, data, silent: true }],
    };
  }, [provinces, placed, focus]);
  const { ref } = useChart(option);

  return (
    <Panel
      title={t('map.title')}
      className="map"
      empty={!provinces}
      extra={
        <div className="map-legend">
          {(['down', 'alarm', 'ok'] as const).map((health) => (
            <span key={health} className={`legend-item health-${health}`}>
              <i />
              {t(health === 'down' ? 'map.legendDown' : health === 'alarm' ? 'map.legendAlarm' : 'map.legendOk')}
            </span>
          ))}
          <span className="legend-item health-none">
            <i />
            {t('map.legendNone')}
          </span>
        </div>
      }
    >
      <div className="chart" ref={ref} data-testid="store-map" />
      {focus && (
        <div className={`map-focus health-${focus.health}`} data-testid="map-focus">
          <div className="focus-name">{focus.name ? shortPlaceName(focus.name) : t('map.unknownPlace')}</div>
          <div className="focus-counts">
            {t('map.stores', { count: focus.stores })} · {t('map.devices', { count: focus.devices })}
          </div>
          <div className="focus-detail">{t('map.detail', { online: focus.online, offline: focus.offline, fault: focus.fault, alarm: focus.unhandledAlarm })}</div>
          <ul className="focus-cities">
            {focus.cities.slice(0, FOCUS_CITIES).map((city) => (
              <li key={city.name} className={`health-${city.health}`}>
                <i />
                <span>{city.name ? shortPlaceName(city.name) : t('map.unknownPlace')}</span>
                <span className="city-count">{t('map.stores', { count: city.stores })}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}
