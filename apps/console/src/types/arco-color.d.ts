/** @arco-design/color ships no types; these cover the calls the theme colour setting makes. */
declare module '@arco-design/color' {
  type Format = 'hex' | 'rgb' | 'hsl';
  export function generate(color: string, options: { list: true; dark?: boolean; format?: Format }): string[];
  export function generate(color: string, options?: { index?: number; dark?: boolean; format?: Format }): string;
  export function getRgbStr(color: string): string;
}
