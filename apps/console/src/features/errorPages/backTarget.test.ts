import { describe, expect, it } from 'vitest';
import { backTarget } from './backTarget.ts';

describe('backTarget', () => {
  it('goes back in history when there is a page to go back to', () => {
    expect(backTarget('', 3)).toBe('history');
  });

  it('goes to the dashboard when noGoBack is in the query', () => {
    expect(backTarget('?noGoBack=true', 3)).toBe('/dashboard');
    expect(backTarget('?noGoBack', 3)).toBe('/dashboard');
  });

  it('goes to the dashboard when the 401 page was the first page opened', () => {
    expect(backTarget('', 0)).toBe('/dashboard');
    expect(backTarget('', undefined)).toBe('/dashboard');
  });
});
