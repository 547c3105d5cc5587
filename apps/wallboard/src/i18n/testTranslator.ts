import i18next, { type TFunction } from 'i18next';
import { en } from './en.ts';
import { zh } from './zh.ts';

/** The board's real strings in a translator of its own, for tests of the text the board shows. */
export async function testTranslator(language: 'zh' | 'en'): Promise<TFunction<'board'>> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    defaultNS: 'board',
    resources: { zh: { board: zh }, en: { board: en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance.getFixedT(language, 'board');
}
