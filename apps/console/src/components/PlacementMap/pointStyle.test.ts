import { describe, expect, it } from 'vitest';
import type { PlacementPoint } from '@pest/shared';
import { pointStyle } from './pointStyle.ts';

const point = (serveCode: string, status: PlacementPoint['status']): PlacementPoint => ({
  id: 1,
  deviceId: status === null ? null : 7,
  serveCode,
  x: 10,
  y: 20,
  status,
  deviceName: status === null ? null : '鼠盒',
});

describe('pointStyle', () => {
  it('colours points by device status, and points without a device apart', () => {
    const fills = [point('A1', 1), point('A2', 2), point('A3', 3), point('A4', null)].map((p) => pointStyle(p, 'X').fill);
    expect(new Set(fills).size).toBe(4);
  });

  it('rings, enlarges and emboldens the page’s own device only', () => {
    const own = pointStyle(point('A1', 2), 'A1');
    const other = pointStyle(point('A2', 2), 'A1');
    expect(own.ring).not.toBeNull();
    expect(other.ring).toBeNull();
    expect(own.radius).toBeGreaterThan(other.radius);
    expect(own.labelFont).toMatch(/^bold /);
    expect(own.label).toBe('A1');
  });

  it('keeps its size on screen when the canvas is shown smaller than its pixels', () => {
    const plain = pointStyle(point('A1', 2), 'X');
    const scaled = pointStyle(point('A1', 2), 'X', 2);
    expect(scaled.radius).toBe(plain.radius * 2);
    expect(scaled.labelSize).toBe(24);
    expect(scaled.labelFont).toBe('24px sans-serif');
  });
});
