import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookies from 'js-cookie';
import { LANGUAGE_COOKIE } from '@pest/shared';
import { detectLanguage } from './detectLanguage.ts';
import { htmlLang, isLanguage, type Language } from './languages.ts';
import { zh, type Resources } from './resources/zh.ts';
import { en } from './resources/en.ts';
import { es } from './resources/es.ts';
import { ja } from './resources/ja.ts';

// Every namespace is in scope of every t(), so keys are written 'namespace:key' and checked against zh.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: ['common', 'route', 'login', 'layout', 'errors', 'filter', 'serviceRecord', 'pointCheck', 'summary', 'photos', 'live', 'devices', 'charts'];
    resources: Resources;
  }
}

const COOKIE_DAYS = 365;

export function initI18n(): void {
  const language = detectLanguage(Cookies.get(LANGUAGE_COOKIE), navigator.languages ?? [navigator.language]);
  void i18n.use(initReactI18next).init({
    resources: { zh, en, es, ja },
    lng: language,
    fallbackLng: 'zh',
    defaultNS: 'common',
    ns: Object.keys(zh),
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    // Resources are bundled, so initialise synchronously: the first render already has its texts.
    initAsync: false,
  });
  document.documentElement.lang = htmlLang[language];
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh';
}

/** Switches every text (menu, tags, breadcrumb, title, Arco's own) in place and remembers the choice. */
export function setLanguage(language: Language): void {
  Cookies.set(LANGUAGE_COOKIE, language, { expires: COOKIE_DAYS, sameSite: 'lax' });
  document.documentElement.lang = htmlLang[language];
  void i18n.changeLanguage(language);
}
