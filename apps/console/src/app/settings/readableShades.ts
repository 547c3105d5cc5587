/**
 * Arco paints the primary colour's shade 6 both as text (links, the selected menu item, active
 * tabs and tags) and under white text (primary buttons). #409EFF, the spec's theme colour, gives
 * 2.78:1 on white, below WCAG AA's 4.5:1. So the theme colour stays what the settings keep and show,
 * and the shades Arco reads are taken darker along the palette until text in them reaches 4.5:1 on
 * every light surface it sits on.
 */
type Rgb = readonly [number, number, number];

const MIN_TEXT_CONTRAST = 4.5;
/** White, Arco's --color-fill-2 (the selected menu item's background); the palette's shade 1 is added per palette. */
const LIGHT_SURFACES: readonly Rgb[] = [
  [255, 255, 255],
  [242, 243, 245],
];
/** Where along the palette to look, in steps of a twentieth of a shade. */
const STEP = 0.05;

const parse = (triplet: string): Rgb => triplet.split(',').map(Number) as unknown as Rgb;
const format = (rgb: Rgb) => rgb.join(',');

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour `position` shades past shade 6 (0 is shade 6, 4 is shade 10), mixed between neighbours. */
function along(shades: readonly Rgb[], position: number): Rgb {
  const at = Math.min(Math.max(position, 0), shades.length - 6);
  const lower = shades[5 + Math.floor(at)]!;
  const upper = shades[5 + Math.ceil(at)]!;
  const t = at - Math.floor(at);
  return lower.map((channel, i) => Math.round(channel + (upper[i]! - channel) * t)) as unknown as Rgb;
}

/**
 * Arco's ten shades for a palette of ten 'r,g,b' triplets: 1–4 (light fills) as they are, 6 the
 * first colour past the theme colour readable on every light surface, 5 (hover) and 7–10 (pressed,
 * darker) following it at the palette's own spacing.
 */
export function readableShades(palette: readonly string[]): string[] {
  const shades = palette.map(parse);
  const surfaces = [...LIGHT_SURFACES, shades[0]!];
  const readable = (rgb: Rgb) => surfaces.every((surface) => contrastRatio(rgb, surface) >= MIN_TEXT_CONTRAST);
  let position = 0;
  while (position < shades.length - 6 && !readable(along(shades, position))) position += STEP;
  return shades.map((shade, index) => {
    if (index < 4) return format(shade);
    if (index === 4) return format(along(shades, position + 0.5));
    return format(along(shades, position + index - 5));
  });
}
