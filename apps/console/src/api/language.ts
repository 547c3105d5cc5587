import i18n from 'i18next';
import { DEFAULT_TEXT_LANGUAGE, isTextLanguage, type TextLanguage } from '@pest/shared';

/** The interface language, in which every request asks the API to write its own texts (table headers, 合计, exports). */
export function interfaceLanguage(): TextLanguage {
  return isTextLanguage(i18n.language) ? i18n.language : DEFAULT_TEXT_LANGUAGE;
}

/**
 * The query key of an answer holding such texts, with the language: after a switch the screen
 * asks again, and a switch back finds the first answer still cached.
 */
export const inInterfaceLanguage = <K extends readonly unknown[]>(key: K) => [...key, interfaceLanguage()] as const;
