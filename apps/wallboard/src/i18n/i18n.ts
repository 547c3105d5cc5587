import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { zh, type Resources } from './zh.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'board';
    resources: { board: Resources };
  }
}

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Chinese unless the board's URL asks for English (`?lang=en`): a wall screen has no menu to choose from. */
export function boardLanguage(search: string): Language {
  return new URLSearchParams(search).get('lang') === 'en' ? 'en' : 'zh';
}

export function initI18n(language: Language): void {
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'zh',
    defaultNS: 'board',
    resources: { zh: { board: zh }, en: { board: en } },
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}
