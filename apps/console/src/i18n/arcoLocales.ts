import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import enUS from '@arco-design/web-react/es/locale/en-US';
import esES from '@arco-design/web-react/es/locale/es-ES';
import jaJP from '@arco-design/web-react/es/locale/ja-JP';
import type { Locale } from '@arco-design/web-react/es/locale/interface';
import type { Language } from './languages.ts';

/**
 * Arco's own texts (pagination, date pickers, empty states) for each interface language.
 * Spanish lags behind Arco's newer components (no ColorPicker texts); English fills its gaps.
 */
export const arcoLocales: Record<Language, Locale> = {
  zh: zhCN,
  en: enUS,
  es: { ...enUS, ...esES },
  ja: jaJP,
};
