import { describe, expect, it } from 'vitest';
import { takeCredentials } from './credentials.ts';

function fakeBrowser(href: string, stored: Record<string, string> = {}) {
  const storage = new Map(Object.entries(stored));
  const replaced: string[] = [];
  return {
    location: { href },
    history: { state: { from: 'console' }, replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => void replaced.push(String(url)) },
    storage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
    replaced,
    stored: storage,
  };
}

describe('takeCredentials', () => {
  it('removes token and phone from the address bar, keeping the rest, and stores them for the session', () => {
    const browser = fakeBrowser('https://board.example/wallboard/?lang=en&token=abc123&phone=13800000001#top');
    expect(takeCredentials(browser.location, browser.history, browser.storage)).toEqual({ token: 'abc123', phone: '13800000001' });
    expect(browser.replaced).toEqual(['/wallboard/?lang=en#top']);
    expect(Object.fromEntries(browser.stored)).toEqual({ 'wallboard.token': 'abc123', 'wallboard.phone': '13800000001' });
  });

  it('reads the kept token after a reload of the clean URL, without touching history', () => {
    const browser = fakeBrowser('https://board.example/wallboard/', { 'wallboard.token': 'kept', 'wallboard.phone': '139' });
    expect(takeCredentials(browser.location, browser.history, browser.storage)).toEqual({ token: 'kept', phone: '139' });
    expect(browser.replaced).toEqual([]);
  });

  it('prefers a newly handed-over token to a kept one', () => {
    const browser = fakeBrowser('https://board.example/wallboard/?token=new', { 'wallboard.token': 'old', 'wallboard.phone': '139' });
    expect(takeCredentials(browser.location, browser.history, browser.storage)).toEqual({ token: 'new', phone: '' });
    expect(browser.replaced).toEqual(['/wallboard/']);
  });

  it('answers null without any token, and still cleans an empty token parameter away', () => {
    const browser = fakeBrowser('https://board.example/wallboard/?token=&phone=138');
    expect(takeCredentials(browser.location, browser.history, browser.storage)).toBeNull();
    expect(browser.replaced).toEqual(['/wallboard/']);
    expect(browser.stored.size).toBe(0);
  });
});
