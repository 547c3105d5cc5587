import { describe, expect, it } from 'vitest';
import { STORE_LINE_WIDTH, storeLines } from './storeLines.ts';

// CJK an em at 14 px, others half.
const measure = (text: string) => Array.from(text).reduce((sum, char) => sum + (/[\u2e80-\u9fff\uff00-\uffef]/.test(char) ? 14 : 7), 0);

describe('storeLines', () => {
  it('keeps a short name on one line', () => {
    expect(storeLines('味多美（怀柔店）', measure)).toEqual(['味多美（怀柔店）']);
  });

  it('splits a long name into two lines, the first never the narrower, together the whole name', () => {
    const name = '润香小馆（北京朝阳大悦城购物中心店）';
    const lines = storeLines(name, measure);
    expect(lines).toHaveLength(2);
    expect(lines.join('')).toBe(name);
    expect(measure(lines[0]!)).toBeGreaterThanOrEqual(measure(lines[1]!));
    expect(measure(lines[0]!)).toBeLessThan(measure(name) / 2 + 15);
    expect(measure(name)).toBeGreaterThan(STORE_LINE_WIDTH);
  });
});
