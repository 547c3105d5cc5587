import { describe, expect, it } from 'vitest';
import { sidebarOpenedFrom } from './sidebarState.ts';

describe('sidebarOpenedFrom', () => {
  it('is open unless the cookie says collapsed', () => {
    expect(sidebarOpenedFrom(undefined)).toBe(true);
    expect(sidebarOpenedFrom('1')).toBe(true);
    expect(sidebarOpenedFrom('0')).toBe(false);
  });
});
