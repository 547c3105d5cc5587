import { describe, expect, it } from 'vitest';
import { FREE_LOGIN_FAILURES, loginDelaySeconds } from './login-throttle.ts';

describe('loginDelaySeconds', () => {
  it('lets the first failures go, then doubles the wait per failure up to 15 minutes', () => {
    const waits = Array.from({ length: 14 }, (_, i) => loginDelaySeconds(i + 1));
    expect(FREE_LOGIN_FAILURES).toBe(3);
    expect(waits).toEqual([0, 0, 5, 10, 20, 40, 80, 160, 320, 640, 900, 900, 900, 900]);
    expect(loginDelaySeconds(10_000)).toBe(900);
  });
});
