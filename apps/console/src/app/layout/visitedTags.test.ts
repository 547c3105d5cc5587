import { describe, expect, it } from 'vitest';
import { closeAllTags, closeOtherTags, closeTag, pageAfterClosing, visitTag, type VisitedTag } from './visitedTags.ts';

const home: VisitedTag = { path: '/serviceRecord', fullPath: '/serviceRecord', title: 'serviceRecord', affix: true };
const detail: VisitedTag = { path: '/equipment/equipmentDetail', fullPath: '/equipment/equipmentDetail?id=1', title: 'equipmentDetail', affix: false };
const risk: VisitedTag = { path: '/dataSheet/riskSummary', fullPath: '/dataSheet/riskSummary', title: 'riskSummary', affix: false };

describe('visited tags', () => {
  it('adds a page once and remembers its latest query', () => {
    const tags = visitTag(visitTag([home], detail), { ...detail, fullPath: '/equipment/equipmentDetail?id=2' });
    expect(tags.map((tag) => tag.fullPath)).toEqual(['/serviceRecord', '/equipment/equipmentDetail?id=2']);
  });

  it('never closes an affix tag', () => {
    expect(closeTag([home, detail], '/serviceRecord')).toEqual([home, detail]);
    expect(closeTag([home, detail, risk], detail.path)).toEqual([home, risk]);
  });

  it('closes the others or all, keeping affix tags', () => {
    expect(closeOtherTags([home, detail, risk], risk.path)).toEqual([home, risk]);
    expect(closeAllTags([home, detail, risk])).toEqual([home]);
  });

  it('moves to the last open tag, or home, when the current page closes', () => {
    expect(pageAfterClosing([home, detail], risk.path, '/')).toBe(detail.fullPath);
    expect(pageAfterClosing([], risk.path, '/')).toBe('/');
    expect(pageAfterClosing([home, risk], risk.path, '/')).toBeUndefined();
  });
});
