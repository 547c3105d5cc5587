import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The window's title names whom the screen shows (`<name> · 大屏`): the signed-in organisation, or
 * a display link's name in display mode. Until the name is known, the board's own title.
 */
export function useBoardTitle(name: string | null): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = name ? t('documentTitle', { name }) : t('title');
  }, [name, t]);
}
