import { describe, expect, it } from 'vitest';
import { textWidth } from '../DynamicTable/headerColumns.ts';
import { CELL_CHROME, contentColumnWidth, tableTextMeasure } from './contentWidth.ts';

describe('contentColumnWidth', () => {
  const bounds = { min: 60, max: 300 };

  it('fits the widest cell or the title, with the cell chrome', () => {
    expect(contentColumnWidth('门店编号', ['KH000094', 'KH0001'], textWidth, bounds)).toBe(textWidth('KH000094') + CELL_CHROME);
    expect(contentColumnWidth('门店编号门店编号', ['A'], textWidth, bounds)).toBe(8 * 14 + CELL_CHROME);
  });

  it('stays within bounds', () => {
    expect(contentColumnWidth('a', ['b'], textWidth, bounds)).toBe(60);
    expect(contentColumnWidth('a', ['很'.repeat(50)], textWidth, bounds)).toBe(300);
  });

  it('estimates without a canvas', () => {
    expect(tableTextMeasure()('门店')).toBe(28);
  });
});

describe('contentColumnWidth with something drawn beside the text', () => {
  it('adds the extra to the cells, not to the title', () => {
    expect(contentColumnWidth('告警', ['未处理'], textWidth, { min: 0, max: 300, extra: 18 })).toBe(42 + 18 + CELL_CHROME);
    expect(contentColumnWidth('告警告警告警', ['a'], textWidth, { min: 0, max: 300, extra: 18 })).toBe(84 + CELL_CHROME);
  });
});
