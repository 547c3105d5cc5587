import { describe, expect, it } from 'vitest';
import { jobIdFromSearch, pointCheckBody, pointCheckExportBody, tabKey } from './pointCheckQuery.ts';

const tab = { deviceTypeId: 3, deviceTypeName: '粘鼠板', sheetId: 12 };

describe('jobIdFromSearch', () => {
  it('reads a positive integer id', () => {
    expect(jobIdFromSearch(new URLSearchParams('id=42'))).toBe(42);
  });

  it('refuses a missing, zero, negative, fractional or non-numeric id', () => {
    for (const search of ['', 'id=', 'id=0', 'id=-1', 'id=1.5', 'id=abc', 'id=1e3', 'id=99999999999999999999']) {
      expect(jobIdFromSearch(new URLSearchParams(search))).toBeUndefined();
    }
  });
});

describe('point-check bodies', () => {
  it('sends the tab with the page', () => {
    expect(pointCheckBody(tab, 2, 10)).toEqual({ current: 2, size: 10, deviceTypeId: 3, deviceTypeName: '粘鼠板', sheetId: 12 });
  });

  it('exports every row from page 1, whatever page is on screen', () => {
    expect(pointCheckExportBody(tab, 137)).toEqual({ current: 1, size: 137, deviceTypeId: 3, deviceTypeName: '粘鼠板', sheetId: 12 });
  });

  it('keys a tab by device type and sheet', () => {
    expect(tabKey(tab)).toBe('3-12');
  });
});
