import { TEXT_LANGUAGES, type TextLanguage } from '@pest/shared';

/**
 * Interface languages (console-spec section 1), the ones the API writes its texts in too. Chinese
 * is primary; English is the last resort.
 */
export const LANGUAGES = TEXT_LANGUAGES;
export type Language = TextLanguage;
export const FALLBACK_LANGUAGE: Language = 'en';

/** Each language names itself, so a reader can find theirs whatever is showing. */
export const languageNames: Record<Language, string> = {
  zh: '简体中文',
  en: 'English',
  es: 'Español',
  ja: '日本語',
};

export const htmlLang: Record<Language, string> = { zh: 'zh-CN', en: 'en', es: 'es', ja: 'ja' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
