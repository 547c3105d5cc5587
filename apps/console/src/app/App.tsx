import { useEffect } from 'react';
import { ConfigProvider } from '@arco-design/web-react';
import { RouterProvider } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';
import { arcoLocaleOf } from '../i18n/arcoLocales.ts';
import { isLanguage } from '../i18n/languages.ts';
import { router } from './router.tsx';
import { applyThemePalette, useSettings } from './settings/settings.ts';

export function App() {
  const { i18n } = useTranslation();
  const { themePalette } = useSettings();
  const language = isLanguage(i18n.language) ? i18n.language : 'zh';

  useEffect(() => applyThemePalette(themePalette), [themePalette]);

  return (
    <ConfigProvider locale={arcoLocaleOf(language)}>
      <RouterProvider router={router} />
      <LoadingOverlay />
    </ConfigProvider>
  );
}
