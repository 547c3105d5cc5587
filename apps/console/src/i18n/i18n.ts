import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookies from 'js-cookie';
import { Message } from '@arco-design/web-react';
import { LANGUAGE_COOKIE, Messages, TOAST_DURATION_MS } from '@pest/shared';
import { loadArcoLocale } from './arcoLocales.ts';
import { detectLanguage } from './detectLanguage.ts';
import { htmlLang, isLanguage, type Language } from './languages.ts';
import { zh, type Resources } from './resources/zh.ts';

// Every namespace is in scope of every t(), so keys are written 'namespace:key' and checked against zh.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: ['common', 'route', 'login', 'layout', 'errors', 'filter', 'serviceRecord', 'pointCheck', 'summary', 'photos', 'live', 'devices', 'charts'];
    resources: Resources;
  }
}

const COOKIE_DAYS = 365;

/**
 * Chinese, the primary language and the fallback, ships with the app; each other language is its
 * own chunk, loaded when it is the one in use, so the login page does not carry all four.
 */
const otherLanguages: Record<Exclude<Language, 'zh'>, () => Promise<Resources>> = {
  en: () => import('./resources/en.ts').then((m) => m.en),
  es: () => import('./resources/es.ts').then((m) => m.es),
  ja: () => import('./resources/ja.ts').then((m) => m.ja),
};

async function loadTexts(language: Language): Promise<void> {
  if (language === 'zh' || i18n.hasResourceBundle(language, 'common')) return;
  const resources = await otherLanguages[language]();
  for (const [namespace, texts] of Object.entries(resources)) i18n.addResourceBundle(language, namespace, texts);
}

/** Ours and Arco's texts of a language, both in before anything shows in it. */
async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([loadTexts(language), loadArcoLocale(language)]);
}

/** Resolves once the interface language's texts are in, so the first render already shows them. */
export async function initI18n(): Promise<void> {
  const language = detectLanguage(Cookies.get(LANGUAGE_COOKIE), navigator.languages ?? [navigator.language]);
  void i18n.use(initReactI18next).init({
    resources: { zh },
    lng: language,
    fallbackLng: 'zh',
    defaultNS: 'common',
    ns: Object.keys(zh),
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    // Chinese is bundled, so initialise synchronously; another language is added before the first render.
    initAsync: false,
  });
  document.documentElement.lang = htmlLang[language];
  // Without its chunk (a failed network) the texts fall back to Chinese rather than leave a blank page.
  await loadLanguage(language).catch(() => undefined);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh';
}

/** Switches every text (menu, tags, breadcrumb, title, Arco's own) in place and remembers the choice. */
export function setLanguage(language: Language): void {
  Cookies.set(LANGUAGE_COOKIE, language, { expires: COOKIE_DAYS, sameSite: 'lax' });
  loadLanguage(language)
    .then(() => {
      document.documentElement.lang = htmlLang[language];
      return i18n.changeLanguage(language);
    })
    .catch(() => Message.error({ content: Messages.genericError, duration: TOAST_DURATION_MS }));
}
