import { describe, expect, it } from 'vitest';
import { MIN_ZOOM, exportView, fittedView, panBy, pointAt, toCanvas, zoomByWheel, type MapView } from './mapView.ts';

const IN = -100;
const OUT = 100;

function zoomOut(view: MapView, times: number): MapView {
  let current = view;
  for (let i = 0; i < times; i += 1) {
    const outcome = zoomByWheel(current, OUT, { x: 0, y: 0 });
    if (!outcome.ok) throw new Error(`refused at step ${i + 1}`);
    current = outcome.view;
  }
  return current;
}

describe('fittedView', () => {
  it('fits a wide plan to the canvas width and centres it vertically', () => {
    const view = fittedView({ width: 1600, height: 650 });
    expect(view).toEqual({ fit: 0.5, zoom: 1, offsetX: 0, offsetY: (650 - 325) / 2 });
  });

  it('fits a tall plan to the canvas height and centres it horizontally', () => {
    const view = fittedView({ width: 400, height: 1300 });
    expect(view.fit).toBe(0.5);
    expect(view.offsetX).toBe(300);
    expect(view.offsetY).toBe(0);
  });

  it('enlarges a plan smaller than the canvas', () => {
    expect(fittedView({ width: 400, height: 325 }).fit).toBe(2);
  });
});

describe('toCanvas', () => {
  it('scales plan pixels and shifts them by the offset', () => {
    expect(toCanvas({ fit: 0.5, zoom: 2, offsetX: 10, offsetY: 20 }, { x: 100, y: 50 })).toEqual({ x: 110, y: 70 });
  });
});

describe('zoomByWheel', () => {
  const start = fittedView({ width: 800, height: 650 });

  it('zooms in by 0.1 on a wheel turned up and out by 0.1 on a wheel turned down', () => {
    const zoomedIn = zoomByWheel(start, IN, { x: 0, y: 0 });
    expect(zoomedIn).toMatchObject({ ok: true, view: { zoom: 1.1 } });
    expect(zoomByWheel(start, OUT, { x: 0, y: 0 })).toMatchObject({ ok: true, view: { zoom: 0.9 } });
  });

  it('keeps the plan point under the pointer where it is', () => {
    const anchor = { x: 300, y: 200 };
    const outcome = zoomByWheel(start, IN, anchor);
    if (!outcome.ok) throw new Error('refused');
    const planPoint = { x: (anchor.x - start.offsetX) / start.fit, y: (anchor.y - start.offsetY) / start.fit };
    const after = toCanvas(outcome.view, planPoint);
    expect(after.x).toBeCloseTo(anchor.x, 9);
    expect(after.y).toBeCloseTo(anchor.y, 9);
  });

  it('goes down to exactly 0.3 in seven steps and refuses the eighth', () => {
    const atMinimum = zoomOut(start, 7);
    expect(atMinimum.zoom).toBe(MIN_ZOOM);
    expect(zoomByWheel(atMinimum, OUT, { x: 0, y: 0 })).toEqual({ ok: false, reason: 'belowMinimum' });
  });

  it('still zooms in from the minimum', () => {
    expect(zoomByWheel(zoomOut(start, 7), IN, { x: 0, y: 0 })).toMatchObject({ ok: true, view: { zoom: 0.4 } });
  });

  it('comes back to zoom 1 after ten steps in and ten out', () => {
    let view = start;
    for (const delta of [...Array<number>(10).fill(IN), ...Array<number>(10).fill(OUT)]) {
      const outcome = zoomByWheel(view, delta, { x: 0, y: 0 });
      if (!outcome.ok) throw new Error('refused');
      view = outcome.view;
    }
    expect(view.zoom).toBe(1);
  });
});

describe('panBy and exportView', () => {
  it('moves the plan with the pointer and keeps the zoom', () => {
    expect(panBy({ fit: 1, zoom: 0.5, offsetX: 5, offsetY: 5 }, 20, -10)).toEqual({ fit: 1, zoom: 0.5, offsetX: 25, offsetY: -5 });
  });

  it('exports at the plan’s own pixel size from its corner', () => {
    expect(toCanvas(exportView(), { x: 123, y: 45 })).toEqual({ x: 123, y: 45 });
  });
});

describe('pointAt', () => {
  const view = { fit: 2, zoom: 1, offsetX: 10, offsetY: 0 };
  const points = [
    { x: 10, y: 10, code: 'A' },
    { x: 20, y: 10, code: 'B' },
  ];

  it('finds the nearest point within reach, in canvas pixels', () => {
    expect(pointAt({ points }, view, { x: 32, y: 21 }, 8)?.code).toBe('A');
    expect(pointAt({ points }, view, { x: 48, y: 20 }, 8)?.code).toBe('B');
  });

  it('finds nothing out of reach', () => {
    expect(pointAt({ points }, view, { x: 100, y: 100 }, 8)).toBeUndefined();
  });
});

