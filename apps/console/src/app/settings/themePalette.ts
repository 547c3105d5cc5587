import { generate, getRgbStr } from '@arco-design/color';

/** Arco's ten primary shades for `color`, as the 'r,g,b' triplets its CSS variables hold. */
export function primaryPalette(color: string): string[] {
  return generate(color, { list: true }).map((shade) => getRgbStr(shade));
}
