import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { zh, type Resources } from './zh.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'field';
    resources: { field: Resources };
  }
}

export type Language = 'zh' | 'en';
const LANGUAGE_KEY = 'pest-field-language';

/** Chinese unless the technician chose English on this phone. */
export function keptLanguage(storage: Pick<Storage, 'getItem'>): Language {
  return storage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'zh';
}

export function initI18n(language: Language): void {
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'zh',
    defaultNS: 'field',
    resources: { zh: { field: zh }, en: { field: en } },
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

export function switchLanguage(storage: Pick<Storage, 'setItem'>): void {
  const next: Language = i18n.language === 'en' ? 'zh' : 'en';
  storage.setItem(LANGUAGE_KEY, next);
  void i18n.changeLanguage(next);
  document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
}
