import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import type { Locale } from '@arco-design/web-react/es/locale/interface';
import type { Language } from './languages.ts';

/**
 * Arco's own texts (pagination, date pickers, empty states) for each interface language. Chinese
 * is bundled; the others load with their language's texts (i18n.ts), so the login page carries one.
 * Spanish lags behind Arco's newer components (no ColorPicker texts); English fills its gaps.
 */
const loaded = new Map<Language, Locale>([['zh', zhCN]]);

const loaders: Record<Exclude<Language, 'zh'>, () => Promise<Locale>> = {
  en: () => import('@arco-design/web-react/es/locale/en-US').then((m) => m.default),
  es: () =>
    Promise.all([import('@arco-design/web-react/es/locale/en-US'), import('@arco-design/web-react/es/locale/es-ES')]).then(
      ([enUS, esES]) => ({ ...enUS.default, ...esES.default }),
    ),
  ja: () => import('@arco-design/web-react/es/locale/ja-JP').then((m) => m.default),
};

export async function loadArcoLocale(language: Language): Promise<void> {
  if (language === 'zh' || loaded.has(language)) return;
  loaded.set(language, await loaders[language]());
}

/** The language's Arco texts once loaded; Chinese, the fallback, until then. */
export function arcoLocaleOf(language: Language): Locale {
  return loaded.get(language) ?? zhCN;
}
