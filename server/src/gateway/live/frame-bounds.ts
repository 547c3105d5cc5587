import { LIVE_MAX_FRAME_BYTES, LIVE_MAX_FRAME_DEPTH } from '@pest/shared';

export interface FrameBounds {
  maxDepth: number;
  /** Values in the frame (objects, arrays, strings, numbers…), so a wide frame costs as little as a deep one. */
  maxValues: number;
  maxStringLength: number;
}

export const LIVE_FRAME_BOUNDS: FrameBounds = {
  maxDepth: LIVE_MAX_FRAME_DEPTH,
  maxValues: 10_000,
  maxStringLength: LIVE_MAX_FRAME_BYTES,
};

/**
 * What is wrong with a decoded frame, or null when it is plain JSON within the bounds. It walks the
 * frame with its own stack rather than recursing, so a frame nested 100,000 deep costs a loop, not
 * the process's stack; code that recurses over a frame may do so only after this said null.
 * Binary attachments and NUL characters are refused: the protocol has neither.
 */
export function frameProblem(frame: unknown, bounds: FrameBounds = LIVE_FRAME_BOUNDS): string | null {
  const pending: [value: unknown, depth: number][] = [[frame, 1]];
  let values = 0;
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (++values > bounds.maxValues) return `more than ${bounds.maxValues} values`;
    if (typeof value === 'string') {
      if (value.length > bounds.maxStringLength) return `a string longer than ${bounds.maxStringLength}`;
      if (value.includes('\u0000')) return 'a NUL character';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > bounds.maxDepth) return `nested deeper than ${bounds.maxDepth}`;
    const prototype = Object.getPrototypeOf(value);
    if (Array.isArray(value)) {
      for (const item of value) pending.push([item, depth + 1]);
    } else if (prototype === Object.prototype || prototype === null) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return 'a NUL character';
        pending.push([item, depth + 1]);
      }
    } else {
      return 'binary or non-JSON data';
    }
  }
  return null;
}
