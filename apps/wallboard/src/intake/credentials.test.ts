import { describe, expect, it } from 'vitest';
import { keepDisplayName, keepDisplayToken, keptCredentials, takeCredentials } from './credentials.ts';

function memoryStore(stored: Record<string, string> = {}) {
  const map = new Map(Object.entries(stored));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

function fakeBrowser(href: string, session: Record<string, string> = {}, local: Record<string, string> = {}) {
  const replaced: string[] = [];
  const stores = { session: memoryStore(session), local: memoryStore(local) };
  return {
    take: () => takeCredentials({ href }, { state: { from: 'console' }, replaceState: (_s, _u, url) => void replaced.push(String(url)) }, stores, () => 'screen-1'),
    replaced,
    session: stores.session.map,
    local: stores.local.map,
    stores,
  };
}

describe('takeCredentials: a staff session (token and phone)', () => {
  it('removes token and phone from the address bar, keeping the rest, and stores them for the session', () => {
    const browser = fakeBrowser('https://board.example/wallboard/?lang=en&token=abc123&phone=13800000001#top');
    expect(browser.take()).toEqual({ kind: 'staff', token: 'abc123', phone: '13800000001' });
    expect(browser.replaced).toEqual(['/wallboard/?lang=en#top']);
    expect(Object.fromEntries(browser.session)).toEqual({ 'wallboard.token': 'abc123', 'wallboard.phone': '13800000001' });
  });

  it('reads the kept token after a reload of the clean URL, without touching history', () => {
    const browser = fakeBrowser('https://board.example/wallboard/', { 'wallboard.token': 'kept', 'wallboard.phone': '139' });
    expect(browser.take()).toEqual({ kind: 'staff', token: 'kept', phone: '139' });
    expect(browser.replaced).toEqual([]);
  });

  it('prefers a newly handed-over token to a kept one, of either kind', () => {
    const browser = fakeBrowser('https://board.example/wallboard/?token=new', { 'wallboard.token': 'old', 'wallboard.phone': '139' }, { 'wallboard.display': 'dl_old' });
    expect(browser.take()).toEqual({ kind: 'staff', token: 'new', phone: '' });
    expect(browser.replaced).toEqual(['/wallboard/']);
    expect(browser.local.has('wallboard.display')).toBe(false);
  });

  it('answers null without any token, and still cleans an empty token parameter away', () => {
    const browser = fakeBrowser('https://board.example/wallboard/?token=&phone=138');
    expect(browser.take()).toBeNull();
    expect(browser.replaced).toEqual(['/wallboard/']);
    expect(browser.session.size + browser.local.size).toBe(0);
  });
});

describe('takeCredentials: a display link', () => {
  it('removes ?display= from the address bar and keeps it in the browser with a new screen id', () => {
    const browser = fakeBrowser('https://board.example/wallboard/?display=dl_abc&lang=en');
    expect(browser.take()).toEqual({ kind: 'display', token: 'dl_abc', screenId: 'screen-1', lastName: null });
    expect(browser.replaced).toEqual(['/wallboard/?lang=en']);
    expect(Object.fromEntries(browser.local)).toEqual({ 'wallboard.display': 'dl_abc', 'wallboard.screen': 'screen-1' });
  });

  it('survives a restart on the cleaned URL with the same screen id and the link name last seen', () => {
    const browser = fakeBrowser('https://board.example/wallboard/', {}, { 'wallboard.display': 'dl_abc', 'wallboard.screen': 'tv-7' });
    keepDisplayName(browser.stores.local, '华北大屏');
    expect(browser.take()).toEqual({ kind: 'display', token: 'dl_abc', screenId: 'tv-7', lastName: '华北大屏' });
    expect(browser.replaced).toEqual([]);
  });

  it('lets a new display link replace the kept one (and its name) and a staff session of the tab', () => {
    const browser = fakeBrowser(
      'https://board.example/wallboard/?display=dl_new',
      { 'wallboard.token': 'staff' },
      { 'wallboard.display': 'dl_old', 'wallboard.displayName': '旧链接', 'wallboard.screen': 'tv-7' },
    );
    expect(browser.take()).toEqual({ kind: 'display', token: 'dl_new', screenId: 'tv-7', lastName: null });
    expect(browser.session.size).toBe(0);
  });
});

describe('takeCredentials: a display link\'s short code', () => {
  it('takes the code out of the address bar and answers it to be traded, keeping what was kept until then', () => {
    const browser = fakeBrowser('https://board.example/wallboard/?code=k7qm-3xzp-9rda&lang=en', {}, { 'wallboard.display': 'dl_old', 'wallboard.screen': 'tv-7' });
    expect(browser.take()).toEqual({ kind: 'code', code: 'k7qm-3xzp-9rda' });
    expect(browser.replaced).toEqual(['/wallboard/?lang=en']);
    expect(browser.local.get('wallboard.display')).toBe('dl_old');
  });

  it('keeps the token the code was traded for as the screen\'s display link, in place of a staff session', () => {
    const browser = fakeBrowser('https://board.example/wallboard/', { 'wallboard.token': 'staff' }, { 'wallboard.displayName': '旧链接', 'wallboard.screen': 'tv-7' });
    keepDisplayToken(browser.stores, 'dl_new');
    expect(keptCredentials(browser.stores, () => 'unused')).toEqual({ kind: 'display', token: 'dl_new', screenId: 'tv-7', lastName: null });
    expect(browser.session.size).toBe(0);
  });
});
