import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import { renderAsync } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);
/** The PDFs' font, so Chinese captions in generated pictures render on any machine. */
const FONT_FILES = [
  require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_RGB = 2;

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}

/**
 * An opaque RGB PNG of RGBA pixels already flattened on white. Why not resvg's own asPng(): it is
 * RGBA, and PDFKit splits an alpha channel by decoding every pixel in JavaScript and deflating the
 * halves asynchronously, so a PDF of 40 charts held ~150 MB of pixels at once and took seconds
 * (bench/auditpack). An RGB PNG goes into the PDF as it is.
 */
function opaquePng(width: number, height: number, rgba: Buffer): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    // Filter byte 0 (none) leads each row.
    for (let x = 0, from = y * width * 4, to = y * row + 1; x < width; x++, from += 4, to += 3) {
      raw[to] = rgba[from]!;
      raw[to + 1] = rgba[from + 1]!;
      raw[to + 2] = rgba[from + 2]!;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = PNG_RGB;
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

const RENDER_OPTIONS = {
  background: 'white',
  // Generic families (the floor plans ask for sans-serif) resolve to it too.
  font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'Noto Sans SC', sansSerifFamily: 'Noto Sans SC', serifFamily: 'Noto Sans SC' },
};

/**
 * A PNG of an SVG at `width` pixels (height in proportion), on white, for files that embed
 * pictures but cannot draw SVG themselves (xlsx; PDFs, which then keep one image path). resvg
 * renders with the product's own font and never looks at the system's. renderAsync rather than a
 * Resvg object: each object holds its own copy of the fonts (~20 MB) outside the JavaScript heap
 * until a garbage collection that V8, unaware of it, puts off, so a PDF of 40 charts grew the
 * process by ~200 MB (bench/auditpack); renderAsync frees it as it returns, off the main thread.
 */
export async function svgToPng(svg: string, width: number): Promise<Buffer> {
  const image = await renderAsync(svg, { ...RENDER_OPTIONS, fitTo: { mode: 'width', value: width } });
  return opaquePng(image.width, image.height, image.pixels);
}
