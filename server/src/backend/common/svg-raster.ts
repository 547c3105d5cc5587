import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);
/** The PDFs' font, so Chinese captions in generated pictures render on any machine. */
const FONT_FILES = [
  require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
];

/**
 * A PNG of an SVG at `width` pixels (height in proportion), for files that embed pictures but
 * cannot draw SVG themselves (xlsx; PDFs, which then keep one image path). resvg renders with the
 * product's own font and never looks at the system's.
 */
export function svgToPng(svg: string, width: number): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    // Generic families (the floor plans ask for sans-serif) resolve to it too.
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'Noto Sans SC', sansSerifFamily: 'Noto Sans SC', serifFamily: 'Noto Sans SC' },
  });
  return resvg.render().asPng();
}
