import type { DevicePlacement } from '@pest/shared';
import { layoutLabels, type Box, type LabelRequest } from './labelLayout.ts';
import { drawScale, toCanvas, type MapView } from './mapView.ts';
import { pointStyle } from './pointStyle.ts';

const BACKGROUND = '#ffffff';
const LABEL_COLOR = '#1d2129';
const LABEL_HALO = 'rgba(255, 255, 255, 0.85)';
const LEADER_COLOR = '#86909c';
const HOVER_BACKGROUND = 'rgba(255, 255, 255, 0.95)';

export interface DrawOptions {
  /** Canvas pixels per CSS pixel: points and labels keep their on-screen size however CSS scales the canvas. */
  scale?: number;
  /** The point under the pointer: its label shows even where the crowd left it out. */
  hoveredCode?: string | null;
}

/** A label as drawn, in canvas pixels: the browser tests check that none overlap. */
export interface DrawnLabel extends Box {
  code: string;
}

/**
 * Paints the floor plan, every point and the labels that fit without overlapping (labelLayout),
 * the page's device first among labels and last among points, so nothing covers it. Returns the
 * labels drawn by the layout (not the hovered one, which floats above on purpose).
 */
export function drawPlacement(
  ctx: CanvasRenderingContext2D,
  plan: HTMLImageElement,
  placement: DevicePlacement,
  view: MapView,
  { scale = 1, hoveredCode = null }: DrawOptions = {},
): DrawnLabel[] {
  const { width, height } = ctx.canvas;
  ctx.save();
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, width, height);
  const planScale = drawScale(view);
  // An uploaded plan keeps its proportions inside the frame its points were placed in, centred (as an SVG <image> draws it).
  const fit = plan.naturalWidth > 0 && plan.naturalHeight > 0 ? Math.min(placement.width / plan.naturalWidth, placement.height / plan.naturalHeight) : 0;
  const drawnWidth = fit > 0 ? plan.naturalWidth * fit : placement.width;
  const drawnHeight = fit > 0 ? plan.naturalHeight * fit : placement.height;
  ctx.drawImage(
    plan,
    view.offsetX + ((placement.width - drawnWidth) / 2) * planScale,
    view.offsetY + ((placement.height - drawnHeight) / 2) * planScale,
    drawnWidth * planScale,
    drawnHeight * planScale,
  );

  const isHighlighted = (code: string) => code === placement.serveCode;
  // Labels: the page's device claims its place first. Points: it is painted last, on top.
  const byLabelPriority = [...placement.points].sort((a, b) => Number(isHighlighted(b.serveCode)) - Number(isHighlighted(a.serveCode)));
  const drawn = byLabelPriority.map((point) => {
    const style = pointStyle(point, placement.serveCode, scale);
    ctx.font = style.labelFont;
    const request: LabelRequest = {
      anchor: toCanvas(view, point),
      radius: style.radius,
      width: ctx.measureText(style.label).width + 4 * scale,
      height: style.labelSize + 4 * scale,
    };
    return { point, style, request };
  });
  // The room and wing names printed in the plan, where this view draws them.
  const planTexts = (placement.texts ?? []).map((text): Box => {
    const corner = toCanvas(view, text);
    return { ...corner, width: text.width * planScale, height: text.height * planScale };
  });
  const placed = layoutLabels(
    drawn.map((item) => item.request),
    { width, height },
    planTexts,
  );

  for (const { style, request } of [...drawn].reverse()) {
    ctx.beginPath();
    ctx.arc(request.anchor.x, request.anchor.y, style.radius, 0, Math.PI * 2);
    ctx.fillStyle = style.fill;
    ctx.fill();
    if (style.ring) {
      ctx.lineWidth = 3 * scale;
      ctx.strokeStyle = style.ring;
      ctx.stroke();
    }
  }

  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  const labels: DrawnLabel[] = [];
  for (const { index, box, leaderTo } of placed) {
    const { style, request, point } = drawn[index]!;
    if (leaderTo) {
      ctx.beginPath();
      ctx.moveTo(request.anchor.x, request.anchor.y);
      ctx.lineTo(leaderTo.x, leaderTo.y);
      ctx.lineWidth = scale;
      ctx.strokeStyle = LEADER_COLOR;
      ctx.stroke();
    }
    ctx.font = style.labelFont;
    const textX = box.x + 2 * scale;
    const textY = box.y + box.height / 2;
    ctx.lineWidth = 3 * scale;
    ctx.strokeStyle = LABEL_HALO;
    ctx.strokeText(style.label, textX, textY);
    ctx.fillStyle = style.ring ?? LABEL_COLOR;
    ctx.fillText(style.label, textX, textY);
    labels.push({ code: point.serveCode, ...box });
  }

  const hovered = drawn.find(({ point }) => point.serveCode === hoveredCode);
  if (hovered && !labels.some((label) => label.code === hoveredCode)) {
    const { style, request } = hovered;
    const x = Math.min(request.anchor.x + request.radius + 4 * scale, width - request.width);
    const y = Math.max(0, request.anchor.y - request.height / 2);
    ctx.fillStyle = HOVER_BACKGROUND;
    ctx.fillRect(x, y, request.width, request.height);
    ctx.font = style.labelFont;
    ctx.fillStyle = style.ring ?? LABEL_COLOR;
    ctx.fillText(style.label, x + 2 * scale, y + request.height / 2);
  }
  ctx.restore();
  return labels;
}
