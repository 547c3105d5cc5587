import { FALLBACK_LANGUAGE, LANGUAGES, isLanguage, type Language } from './languages.ts';

/**
 * The stored cookie wins; else the first browser language whose primary subtag we speak
 * ('zh-TW' → zh, 'es-MX' → es); else English (console-spec section 1).
 */
export function detectLanguage(cookieValue: string | undefined, navigatorLanguages: readonly string[]): Language {
  if (isLanguage(cookieValue)) return cookieValue;
  for (const tag of navigatorLanguages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    const match = LANGUAGES.find((language) => language === primary);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}
