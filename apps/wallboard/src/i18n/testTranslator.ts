import i18next, { type i18n, type TFunction } from 'i18next';
import { en } from './en.ts';
import { zh } from './zh.ts';

/** The board's real strings in an i18next instance of its own, for tests of the text the board shows. */
export async function testI18n(language: 'zh' | 'en'): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    defaultNS: 'board',
    resources: { zh: { board: zh }, en: { board: en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance;
}

export async function testTranslator(language: 'zh' | 'en'): Promise<TFunction<'board'>> {
  return (await testI18n(language)).getFixedT(language, 'board');
}
