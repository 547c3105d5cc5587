import { useEffect, useEffectEvent, useRef, useState, type PointerEvent } from 'react';
import { Button, Message, Spin } from '@arco-design/web-react';
import { IconDownload, IconExpand } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, type DevicePlacement } from '@pest/shared';
import { saveBlob } from '../ExportButton/index.ts';
import { drawPlacement } from './drawPlacement.ts';
import { MAP_CANVAS, exportView, fittedView, panBy, pointAt, zoomByWheel, type MapView, type Point } from './mapView.ts';
import { useFloorPlan } from './useFloorPlan.ts';
import './PlacementMap.css';

/** How far from a point's centre (CSS pixels) the pointer still shows its label. */
const HOVER_REACH = 10;
/** Labels keep 12 CSS px between a canvas shown at a third of its pixels and one shown twice as large. */
const MIN_LABEL_SCALE = 0.5;
const MAX_LABEL_SCALE = 3;

/** One refusal message at a time, however fast the wheel turns. */
const ZOOM_REFUSED_MESSAGE_ID = 'placement-zoom-refused';

interface PlacementMapProps {
  placement: DevicePlacement;
}

/** Canvas pixels under a pointer, whatever size CSS gives the canvas. */
function canvasPoint(canvas: HTMLCanvasElement, clientX: number, clientY: number): Point {
  const rect = canvas.getBoundingClientRect();
  return { x: ((clientX - rect.left) * canvas.width) / rect.width, y: ((clientY - rect.top) * canvas.height) / rect.height };
}

/**
 * The device's plan layout (console-spec screen 7, section 9): the floor plan and every point on a
 * canvas 800x650, the page's device highlighted; the wheel zooms by 0.1 down to 0.3 and no further,
 * a drag pans, and the export saves the whole plan as a PNG named the layout plan (布局图.png in Chinese).
 */
export function PlacementMap({ placement }: PlacementMapProps) {
  const { t } = useTranslation(['devices']);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const plan = useFloorPlan(placement.url);
  const [view, setView] = useState<MapView>(() => fittedView(placement));
  const dragFrom = useRef<Point | null>(null);

  // A new plan starts fitted; new point states on the same plan (live updates) keep the user's view.
  const { url, width, height } = placement;
  const [fittedPlan, setFittedPlan] = useState({ url, width, height });
  if (fittedPlan.url !== url || fittedPlan.width !== width || fittedPlan.height !== height) {
    setFittedPlan({ url, width, height });
    setView(fittedView({ width, height }));
  }

  // CSS fits the canvas to its container's width; points and labels keep their size on screen.
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const observer = new ResizeObserver(([entry]) => {
      const shown = entry?.contentRect.width ?? 0;
      if (shown > 0) setScale(Math.min(MAX_LABEL_SCALE, Math.max(MIN_LABEL_SCALE, canvas.width / shown)));
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);
  const [hoveredCode, setHoveredCode] = useState<string | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || !plan.image) return;
    const labels = drawPlacement(ctx, plan.image, placement, view, { scale, hoveredCode });
    // The drawn label boxes, for the browser tests that check that none overlap.
    canvas.dataset.labels = JSON.stringify(labels.map(({ code, x, y, width, height }) => [code, x, y, width, height]));
  }, [plan.image, placement, view, scale, hoveredCode]);

  // An effect event: it reads the view on screen without the listener being bound again per view,
  // and the refusal (a toast) cannot go in a state updater.
  const zoom = useEffectEvent((canvas: HTMLCanvasElement, event: WheelEvent) => {
    const outcome = zoomByWheel(view, event.deltaY, canvasPoint(canvas, event.clientX, event.clientY));
    if (outcome.ok) setView(outcome.view);
    else Message.warning({ id: ZOOM_REFUSED_MESSAGE_ID, content: t('devices:zoomRefused'), duration: TOAST_DURATION_MS });
  });

  // React's wheel listener is passive; the page must not scroll while the map zooms.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      zoom(canvas, event);
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, []);

  const startDrag = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    dragFrom.current = canvasPoint(event.currentTarget, event.clientX, event.clientY);
  };
  const drag = (event: PointerEvent<HTMLCanvasElement>) => {
    const from = dragFrom.current;
    const to = canvasPoint(event.currentTarget, event.clientX, event.clientY);
    if (!from) {
      // A crowded label left out shows while the pointer rests on its point.
      setHoveredCode(pointAt(placement, view, to, HOVER_REACH * scale)?.serveCode ?? null);
      return;
    }
    dragFrom.current = to;
    setView((current) => panBy(current, to.x - from.x, to.y - from.y));
  };
  const endDrag = () => {
    dragFrom.current = null;
  };
  const leave = () => {
    endDrag();
    setHoveredCode(null);
  };

  const exportImage = () => {
    if (!plan.image) return;
    const canvas = document.createElement('canvas');
    canvas.width = placement.width;
    canvas.height = placement.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    drawPlacement(ctx, plan.image, placement, exportView());
    canvas.toBlob((blob) => {
      if (blob) saveBlob(blob, `${t('devices:placementFileName')}.png`);
      else Message.error({ content: t('devices:exportFailed'), duration: TOAST_DURATION_MS });
    }, 'image/png');
  };

  return (
    <div className="placement-map" data-testid="placement-map">
      <div className="placement-map-toolbar">
        <span className="placement-map-zoom" data-testid="placement-zoom">
          {t('devices:zoom', { percent: Math.round(view.zoom * 100) })}
        </span>
        <Button size="small" icon={<IconExpand />} onClick={() => setView(fittedView(placement))} data-testid="placement-fit">
          {t('devices:fitMap')}
        </Button>
        <Button size="small" type="primary" icon={<IconDownload />} disabled={!plan.image} onClick={exportImage} data-testid="placement-export">
          {t('devices:exportMap')}
        </Button>
      </div>
      <div className="placement-map-frame">
        <canvas
          ref={canvasRef}
          className="placement-map-canvas"
          width={MAP_CANVAS.width}
          height={MAP_CANVAS.height}
          role="img"
          aria-label={t('devices:placement')}
          data-testid="placement-canvas"
          data-zoom={view.zoom}
          data-offset={`${Math.round(view.offsetX)},${Math.round(view.offsetY)}`}
          data-ready={plan.image ? 'true' : 'false'}
          onPointerDown={startDrag}
          onPointerMove={drag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onPointerLeave={leave}
        />
        {plan.state === 'loading' && <Spin className="placement-map-overlay" />}
        {plan.state === 'failed' && (
          <div className="placement-map-overlay" data-testid="placement-load-failed">
            {t('devices:mapLoadFailed')}
          </div>
        )}
      </div>
    </div>
  );
}
