import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { svgToPng } from './svg-raster.ts';

/** Width, height and RGB rows of a PNG as svg-raster writes it (8-bit RGB, one IDAT, filter 0 on every row). */
function decode(png: Buffer): { width: number; height: number; colourType: number; rgb: Buffer } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatLength = png.readUInt32BE(33);
  expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
  const raw = inflateSync(png.subarray(41, 41 + idatLength));
  const rows = [];
  for (let y = 0; y < height; y++) rows.push(raw.subarray(y * (width * 3 + 1) + 1, (y + 1) * (width * 3 + 1)));
  return { width, height, colourType: png[25]!, rgb: Buffer.concat(rows) };
}

const chart = (label: string, colour: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="150" viewBox="0 0 320 150"><text x="10" y="30" font-size="16">${label}</text><rect x="40" y="60" width="60" height="80" fill="${colour}"/></svg>`;

describe('svg raster', () => {
  it('draws an opaque RGB PNG on white, text in the product’s font', async () => {
    const { width, height, colourType, rgb } = decode(await svgToPng(chart('德国小蠊 · 后厨', '#2f6fde'), 640));
    expect([width, height, colourType]).toEqual([640, 300, 2]);
    expect([...rgb.subarray(0, 3)]).toEqual([255, 255, 255]);
    // The caption's glyphs: dark pixels in the first 40 rows.
    const dark = [...rgb.subarray(0, 640 * 3 * 40)].filter((value) => value < 100).length;
    expect(dark).toBeGreaterThan(200);
  });
});
