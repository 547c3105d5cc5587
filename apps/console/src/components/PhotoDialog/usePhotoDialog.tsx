import { useCallback, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@pest/shared';
import { PhotoDialog, type PhotoSet } from './PhotoDialog.tsx';

/** One message at a time: clicking several empty cells replaces it instead of stacking. */
const NO_PHOTOS_MESSAGE_ID = 'photo-dialog-empty';

/**
 * Opens the photo dialog for a list of photos; an empty list says 暂无照片数据！ instead
 * (console-spec section 5). Render `dialog` once, anywhere in the page.
 */
export function usePhotoDialog() {
  const { t } = useTranslation(['photos']);
  const [shown, setShown] = useState<PhotoSet>();

  // Stable (t changes only with the language), so a table's columns that call it are not rebuilt on every render.
  const open = useCallback((title: string, photos: readonly string[]) => {
    if (photos.length === 0) {
      Message.info({ id: NO_PHOTOS_MESSAGE_ID, content: t('photos:none'), duration: TOAST_DURATION_MS });
      return;
    }
    setShown({ title, photos });
  }, [t]);

  return { open, dialog: <PhotoDialog shown={shown} onClose={() => setShown(undefined)} /> };
}
