import { deflateSync } from 'node:zlib';

const WIDTH = 640;
const HEIGHT = 452;
type Rgb = readonly [number, number, number];
const PAPER: Rgb = [250, 246, 232];
const FRAME: Rgb = [176, 32, 32];
const TEXT: Rgb = [120, 120, 120];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A scan-like picture of a certificate for the demo data: paper, a double frame, a title band,
 * lines of text and a round seal. `variant` shifts the layout so the documents look different.
 * A plain RGB PNG, as a phone photo uploaded through the console would be stored.
 */
export function certificatePng(variant: number): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const fill = (x0: number, y0: number, x1: number, y1: number, [r, g, b]: Rgb) => {
    for (let y = Math.max(0, y0); y < Math.min(HEIGHT, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(WIDTH, x1); x++) pixels.set([r, g, b], (y * WIDTH + x) * 3);
    }
  };
  const frame = (inset: number, width: number) => {
    fill(inset, inset, WIDTH - inset, inset + width, FRAME);
    fill(inset, HEIGHT - inset - width, WIDTH - inset, HEIGHT - inset, FRAME);
    fill(inset, inset, inset + width, HEIGHT - inset, FRAME);
    fill(WIDTH - inset - width, inset, WIDTH - inset, HEIGHT - inset, FRAME);
  };
  fill(0, 0, WIDTH, HEIGHT, PAPER);
  frame(14, 6);
  frame(28, 2);
  fill(200, 60, 440, 92, FRAME);
  for (let line = 0; line < 7; line++) {
    const length = 300 + ((line * 97 + variant * 53) % 180);
    fill(70, 130 + line * 34, 70 + length, 142 + line * 34, TEXT);
  }
  const [cx, cy, radius] = [500, 350, 58];
  for (let y = cy - radius; y <= cy + radius; y++) {
    for (let x = cx - radius; x <= cx + radius; x++) {
      const d = Math.hypot(x - cx, y - cy);
      if ((d <= radius && d >= radius - 6) || d <= 14) fill(x, y, x + 1, y + 1, FRAME);
    }
  }
  const rows = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) pixels.copy(rows, y * (WIDTH * 3 + 1) + 1, y * WIDTH * 3, (y + 1) * WIDTH * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
