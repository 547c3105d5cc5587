import { describe, expect, it } from 'vitest';
import { signedLinks } from './signed-links.ts';

const PATH = '/api/oss/uploads/u3/a.png';
const NOW = Date.UTC(2026, 2, 10, 9, 7, 30);
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('signedLinks', () => {
  const links = signedLinks('signed-links-test-secret-0123456789abcdef');

  it('signs a path for a viewer: an hour or a little more on screens, expiring on a quarter hour, so reloads reuse links', () => {
    const url = links.sign(PATH, 3, 'screen', NOW);
    expect(url.startsWith(`${PATH}?`)).toBe(true);
    const { expires, viewer } = query(url);
    expect(viewer).toBe('3');
    expect(Number(expires) % 900).toBe(0);
    expect(Number(expires) * 1000 - NOW).toBeGreaterThanOrEqual(3600_000);
    expect(Number(expires) * 1000 - NOW).toBeLessThan(3600_000 + 900_000);
    expect(links.sign(PATH, 3, 'screen', NOW + 60_000)).toBe(url);
    expect(links.verify(PATH, query(url), NOW)).toEqual({ viewerId: 3, remainingSeconds: Number(expires) - Math.floor(NOW / 1000) });
  });

  it('gives exported files 30 days', () => {
    const { expires } = query(links.sign(PATH, 3, 'export', NOW));
    expect(Math.floor((Number(expires) * 1000 - NOW) / 86_400_000)).toBe(30);
  });

  it('refuses an expired link, an altered one, one for another path, viewer or secret, and missing parts', () => {
    const good = query(links.sign(PATH, 3, 'screen', NOW));
    const expiry = Number(good.expires) * 1000;
    expect(links.verify(PATH, good, expiry)).toBeNull();
    expect(links.verify(PATH, good, expiry - 1000)).not.toBeNull();
    expect(links.verify('/api/oss/uploads/u3/b.png', good, NOW)).toBeNull();
    expect(links.verify(PATH, { ...good, viewer: '4' }, NOW)).toBeNull();
    expect(links.verify(PATH, { ...good, expires: String(Number(good.expires) + 900) }, NOW)).toBeNull();
    expect(links.verify(PATH, { ...good, signature: good.signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }, NOW)).toBeNull();
    expect(signedLinks('another-secret-of-at-least-32-characters').verify(PATH, good, NOW)).toBeNull();
    expect(links.verify(PATH, { expires: good.expires, viewer: good.viewer }, NOW)).toBeNull();
    expect(links.verify(PATH, { ...good, viewer: '3.0' }, NOW)).toBeNull();
  });
});
