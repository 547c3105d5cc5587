import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import Cookies from 'js-cookie';
import { Message } from '@arco-design/web-react';
import { LANGUAGE_COOKIE, TOAST_DURATION_MS } from '@pest/shared';
import { loadArcoLocale } from './arcoLocales.ts';
import { detectLanguage } from './detectLanguage.ts';
import { LANGUAGES, htmlLang, isLanguage, type Language } from './languages.ts';
import { SHELL_NAMESPACES, lazyNamespaces, shellNamespaces, type LazyNamespace, type Namespace, type Resources, type ShellNamespace } from './zh/index.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    // useTranslation() and i18n.t take 'namespace:key' of the shell's namespaces, which are always
    // loaded. A screen names the others it uses, useTranslation(['devices']), which also loads them,
    // so a key of a namespace the component did not ask for fails to compile.
    defaultNS: ['common', ...Exclude<ShellNamespace, 'common'>[]];
    resources: Resources;
  }
}

const COOKIE_DAYS = 365;

/** One chunk per language and namespace (Vite splits each file these globs match). */
const otherLanguages = import.meta.glob<{ default: Resources[Namespace] }>(['./en/*.ts', './es/*.ts', './ja/*.ts']);

function loadNamespace(language: string, namespace: string): Promise<{ default: Resources[Namespace] }> {
  if (language === 'zh' && Object.hasOwn(lazyNamespaces, namespace)) return lazyNamespaces[namespace as LazyNamespace]();
  const load = otherLanguages[`./${language}/${namespace}.ts`];
  return load ? load() : Promise.reject(new Error(`no texts for ${language}/${namespace}`));
}

/**
 * Resolves once the interface language's shell texts and Arco's texts are in, so the first render
 * already shows them. Without a chunk (a failed network) the texts fall back to Chinese rather
 * than leave a blank page.
 */
export async function initI18n(): Promise<void> {
  const language = detectLanguage(Cookies.get(LANGUAGE_COOKIE), navigator.languages ?? [navigator.language]);
  document.documentElement.lang = htmlLang[language];
  await Promise.all([
    i18n
      .use(resourcesToBackend(loadNamespace))
      .use(initReactI18next)
      .init({
        resources: { zh: shellNamespaces },
        // The bundled Chinese shell; the backend loads everything else.
        partialBundledLanguages: true,
        lng: language,
        fallbackLng: 'zh',
        supportedLngs: [...LANGUAGES],
        defaultNS: 'common',
        // A copy: i18next adds every namespace a screen loads to this list, and a language switch loads them all.
        ns: [...SHELL_NAMESPACES],
        interpolation: { escapeValue: false },
        showSupportNotice: false,
      })
      .catch(() => undefined),
    loadArcoLocale(language).catch(() => undefined),
  ]);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh';
}

/**
 * Switches every text (menu, tags, breadcrumb, title, Arco's own) in place and remembers the
 * choice. changeLanguage loads the new language's copy of every namespace loaded so far before it
 * switches, so the screen never shows a mix. (Not loadLanguages: it would keep loading that
 * language beside the current one for every namespace after.)
 */
export function setLanguage(language: Language): void {
  Cookies.set(LANGUAGE_COOKIE, language, { expires: COOKIE_DAYS, sameSite: 'lax' });
  loadArcoLocale(language)
    .then(() => i18n.changeLanguage(language))
    .then(() => {
      document.documentElement.lang = htmlLang[language];
    })
    .catch(() => Message.error({ content: i18n.t('errors:genericError'), duration: TOAST_DURATION_MS }));
}

/** Loads every screen's texts in the interface language ahead, so opening a screen does not wait for them. */
export function preloadNamespaces(): Promise<unknown> {
  return i18n.loadNamespaces(Object.keys(lazyNamespaces));
}
