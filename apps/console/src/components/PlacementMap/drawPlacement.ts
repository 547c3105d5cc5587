import type { DevicePlacement } from '@pest/shared';
import { drawScale, toCanvas, type MapView } from './mapView.ts';
import { pointStyle } from './pointStyle.ts';

const BACKGROUND = '#ffffff';
const LABEL_COLOR = '#1d2129';
const LABEL_HALO = 'rgba(255, 255, 255, 0.85)';

/** Paints the floor plan and every point with its label; the page's device last, so nothing covers it. */
export function drawPlacement(ctx: CanvasRenderingContext2D, plan: HTMLImageElement, placement: DevicePlacement, view: MapView): void {
  const { width, height } = ctx.canvas;
  ctx.save();
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, width, height);
  const scale = drawScale(view);
  ctx.drawImage(plan, view.offsetX, view.offsetY, placement.width * scale, placement.height * scale);

  const points = [...placement.points].sort(
    (a, b) => Number(a.serveCode === placement.serveCode) - Number(b.serveCode === placement.serveCode),
  );
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  for (const point of points) {
    const style = pointStyle(point, placement.serveCode);
    const at = toCanvas(view, point);
    ctx.beginPath();
    ctx.arc(at.x, at.y, style.radius, 0, Math.PI * 2);
    ctx.fillStyle = style.fill;
    ctx.fill();
    if (style.ring) {
      ctx.lineWidth = 3;
      ctx.strokeStyle = style.ring;
      ctx.stroke();
    }
    ctx.font = style.labelFont;
    const labelX = at.x + style.radius + 4;
    ctx.lineWidth = 3;
    ctx.strokeStyle = LABEL_HALO;
    ctx.strokeText(style.label, labelX, at.y);
    ctx.fillStyle = style.ring ?? LABEL_COLOR;
    ctx.fillText(style.label, labelX, at.y);
  }
  ctx.restore();
}
