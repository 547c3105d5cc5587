import { describe, expect, it } from 'vitest';
import { languageFromHeader, TEXT_LANGUAGES } from './languages.ts';
import { TABLE_TEXTS, tableText, type TableTextId } from './table-texts.ts';

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;

describe('languageFromHeader', () => {
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['ES-mx', 'es'],
    ['ja;q=0.5, en;q=0.8', 'en'],
    ['fr, de;q=0.9', 'zh'],
    ['fr, ja;q=0.3', 'ja'],
    ['en;q=0, es', 'es'],
    ['en;q=abc', 'zh'],
  ])('reads %j as %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});

describe('table texts', () => {
  it('has every text in every language, and only Japanese and Chinese in CJK characters', () => {
    for (const [id, texts] of Object.entries(TABLE_TEXTS)) {
      for (const language of TEXT_LANGUAGES) expect(texts[language], `${id}.${language}`).toMatch(/\S/);
      expect(`${texts.en}${texts.es}`, id).not.toMatch(CJK);
    }
  });

  it('fills placeholders', () => {
    expect(tableText('ageingOpen', 'en', { days: 3 })).toBe('Open 3 d');
    expect(tableText('ageingRectified' satisfies TableTextId, 'zh', { days: 12 })).toBe('整改用时 12 天');
  });
});
