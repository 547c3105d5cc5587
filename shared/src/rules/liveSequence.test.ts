import { describe, expect, it } from 'vitest';
import { sequenceVerdict } from './liveSequence.ts';

describe('sequenceVerdict', () => {
  it('applies the next update and the first one after subscribing', () => {
    expect(sequenceVerdict(4, { seq: 5 })).toBe('apply');
    expect(sequenceVerdict(null, { seq: 17 })).toBe('apply');
  });

  it('resyncs on a gap', () => {
    expect(sequenceVerdict(4, { seq: 6 })).toBe('resync');
  });

  it('ignores a repeat or an older update', () => {
    expect(sequenceVerdict(4, { seq: 4 })).toBe('ignore');
    expect(sequenceVerdict(4, { seq: 2 })).toBe('ignore');
  });

  it('always applies a full update, whatever its number', () => {
    expect(sequenceVerdict(4, { seq: 9, full: true })).toBe('apply');
    expect(sequenceVerdict(4, { seq: 3, full: true })).toBe('apply');
  });
});
