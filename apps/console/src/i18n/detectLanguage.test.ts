import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detectLanguage.ts';

describe('detectLanguage', () => {
  it('uses the cookie when it names a supported language', () => {
    expect(detectLanguage('ja', ['zh-CN', 'en'])).toBe('ja');
  });

  it('ignores a cookie with an unsupported value', () => {
    expect(detectLanguage('fr', ['es-MX'])).toBe('es');
    expect(detectLanguage('', ['zh-CN'])).toBe('zh');
  });

  it('matches browser languages by their primary subtag, in order', () => {
    expect(detectLanguage(undefined, ['zh-TW', 'en-US'])).toBe('zh');
    expect(detectLanguage(undefined, ['fr-FR', 'de', 'ja-JP', 'en'])).toBe('ja');
    expect(detectLanguage(undefined, ['EN-gb'])).toBe('en');
    expect(detectLanguage(undefined, ['zh_CN'])).toBe('zh');
  });

  it('falls back to English', () => {
    expect(detectLanguage(undefined, ['fr-FR', 'de-DE'])).toBe('en');
    expect(detectLanguage(undefined, [])).toBe('en');
  });
});
