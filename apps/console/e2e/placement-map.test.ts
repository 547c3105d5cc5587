import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DevicePaths, type DevicePlacement, type DeviceRow } from '@pest/shared';
import { baseUrl, useBrowser } from './browser.ts';

/**
 * The device detail's placement map (issue 19): no two labels overlap, the canvas fills its column
 * on a wide screen and fits a phone. The canvas tells the label boxes it drew (`data-labels`).
 */
const session = useBrowser();
/** The placed box whose plan has the most points: the most crowded labels the demo has. */
let crowded: { id: number; points: number };

beforeAll(async () => {
  const boxes = await session.api<{ records: DeviceRow[] }>(DevicePaths.list, { body: { current: 1, size: 60, isCustomer: true, filters: { deviceType: 1 } } });
  crowded = { id: 0, points: 0 };
  for (const box of boxes.records) {
    // A box never placed has no plan: the server refuses, and the box is passed over.
    const placement = await session.api<DevicePlacement>(DevicePaths.detail, { query: { id: box.id } }).catch(() => null);
    if (placement && placement.points.length > crowded.points) crowded = { id: box.id, points: placement.points.length };
  }
  if (crowded.points < 2) throw new Error('no plan with several points in the demo data');
});

type Label = [code: string, x: number, y: number, width: number, height: number];

async function openMap(viewport: { width: number; height: number }): Promise<{ page: Page; close(): Promise<void> }> {
  const { page, close } = await session.open(`/equipment/equipmentDetail?id=${crowded.id}`, { viewport });
  await page.locator('[data-testid="placement-canvas"][data-ready="true"][data-labels]').waitFor();
  return { page, close };
}

const labelsOf = async (page: Page): Promise<Label[]> => JSON.parse((await page.getByTestId('placement-canvas').getAttribute('data-labels')) ?? '[]') as Label[];

function overlapping(labels: readonly Label[]): string[] {
  const pairs: string[] = [];
  labels.forEach(([a, ax, ay, aw, ah], i) =>
    labels.slice(i + 1).forEach(([b, bx, by, bw, bh]) => {
      if (ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah) pairs.push(`${a} × ${b}`);
    }),
  );
  return pairs;
}

describe('placement map', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width} px: labels drawn, no two overlapping, the page's device labelled`, async () => {
      const { page, close } = await openMap(viewport);
      const labels = await labelsOf(page);
      expect(labels.length).toBeGreaterThan(0);
      expect(overlapping(labels)).toEqual([]);
      const [code] = labels[0]!;
      const placement = await session.api<DevicePlacement>(DevicePaths.detail, { query: { id: crowded.id } });
      expect(code).toBe(placement.serveCode);
      await close();
    });
  }

  it('keeps every label off the room and wing names printed in the plan, as the browser draws them', async () => {
    const { page, close } = await openMap({ width: 1440, height: 900 });
    const placement = await session.api<DevicePlacement>(DevicePaths.detail, { query: { id: crowded.id } });
    const svg = await (await fetch(new URL(placement.url, baseUrl()))).text();
    // The image's own texts, measured by the browser's layout of the very SVG the map draws.
    const printed = await page.evaluate((markup) => {
      const host = document.createElement('div');
      host.style.cssText = 'position:absolute;left:-10000px;top:0';
      host.innerHTML = markup;
      document.body.append(host);
      const boxes = [...host.querySelectorAll('text')].map((text) => {
        const box = text.getBBox();
        return { text: text.textContent ?? '', x: box.x, y: box.y, width: box.width, height: box.height };
      });
      host.remove();
      return boxes;
    }, svg);
    expect(printed.length).toBeGreaterThan(placement.points.length > 0 ? 3 : 0);
    const canvas = page.getByTestId('placement-canvas');
    const zoom = Number(await canvas.getAttribute('data-zoom'));
    const [offsetX, offsetY] = (await canvas.getAttribute('data-offset'))!.split(',').map(Number);
    const scale = Math.min(800 / placement.width, 650 / placement.height) * zoom;
    const onCanvas = printed.map(({ text, x, y, width, height }) => ({ text, x: offsetX! + x * scale, y: offsetY! + y * scale, width: width * scale, height: height * scale }));
    const labels = await labelsOf(page);
    expect(labels.length).toBeGreaterThan(0);
    const covered = labels.flatMap(([code, x, y, width, height]) =>
      onCanvas.filter((t) => x < t.x + t.width && t.x < x + width && y < t.y + t.height && t.y < y + height).map((t) => `${code} × ${t.text}`),
    );
    expect(covered).toEqual([]);
    await close();
  });

  it('fills its column on a wide screen: no third of the panel left empty', async () => {
    const { page, close } = await openMap({ width: 1440, height: 900 });
    const [canvasWidth, frameWidth] = await page
      .getByTestId('placement-map')
      .evaluate((map) => [map.querySelector('canvas')!.getBoundingClientRect().width, map.getBoundingClientRect().width]);
    expect(canvasWidth).toBeGreaterThan(frameWidth! * 0.95);
    await close();
  });

  it('fits a 390 px phone: nothing wider than the screen', async () => {
    const { page, close } = await openMap({ width: 390, height: 844 });
    const [scrollWidth, innerWidth, canvasRight] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
      document.querySelector('[data-testid="placement-canvas"]')!.getBoundingClientRect().right,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth!);
    expect(canvasRight).toBeLessThanOrEqual(innerWidth!);
    await close();
  });
});
