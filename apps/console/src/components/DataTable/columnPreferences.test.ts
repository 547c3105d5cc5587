import { describe, expect, it } from 'vitest';
import {
  defaultChoice,
  parseColumnChoice,
  reconcileChoice,
  visibleKeys,
  withColumnMoved,
  withColumnShown,
  type ColumnSlot,
} from './columnPreferences.ts';

const columns: ColumnSlot[] = [{ key: 'name' }, { key: 'supplier', hiddenByDefault: true }, { key: 'time' }, { key: 'battery' }];

describe('column choice', () => {
  it('starts with every column in its place and the optional ones hidden', () => {
    expect(defaultChoice(columns)).toEqual({ order: ['name', 'supplier', 'time', 'battery'], hidden: ['supplier'] });
    expect(visibleKeys(defaultChoice(columns))).toEqual(['name', 'time', 'battery']);
  });

  it('reads what was stored and refuses what is not a choice', () => {
    expect(parseColumnChoice('{"order":["a"],"hidden":[]}')).toEqual({ order: ['a'], hidden: [] });
    expect(parseColumnChoice('not json')).toBeNull();
    expect(parseColumnChoice('{"order":"a"}')).toBeNull();
    expect(parseColumnChoice(null)).toBeNull();
  });

  it('fits a stored choice to the columns of today: unknown keys dropped, new ones after their neighbour', () => {
    const stored = { order: ['time', 'gone', 'name', 'battery', 'time'], hidden: ['name', 'gone'] };
    expect(reconcileChoice(columns, stored)).toEqual({ order: ['time', 'name', 'supplier', 'battery'], hidden: ['name', 'supplier'] });
    expect(reconcileChoice(columns, null)).toEqual(defaultChoice(columns));
  });

  it('hides and shows a column, and moves one within the edges', () => {
    const choice = defaultChoice(columns);
    expect(visibleKeys(withColumnShown(choice, 'supplier', true))).toEqual(['name', 'supplier', 'time', 'battery']);
    expect(visibleKeys(withColumnShown(choice, 'name', false))).toEqual(['time', 'battery']);
    expect(withColumnMoved(choice, 'time', -1).order).toEqual(['name', 'time', 'supplier', 'battery']);
    expect(withColumnMoved(choice, 'name', -1)).toBe(choice);
    expect(withColumnMoved(choice, 'battery', 1)).toBe(choice);
  });
});
