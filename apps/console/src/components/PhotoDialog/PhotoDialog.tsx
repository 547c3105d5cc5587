import { useState } from 'react';
import { Image, Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import './PhotoDialog.css';

export interface PhotoSet {
  /** What the photos show, e.g. 整改前照片. */
  title: string;
  /** Never empty: usePhotoDialog refuses to open on an empty list. */
  photos: readonly string[];
}

interface PhotoDialogProps {
  /** The photos shown; the dialog is closed without them. */
  shown: PhotoSet | undefined;
  onClose(): void;
}

/**
 * A dialog of photo thumbnails (console-spec screen 3: before- or after-rectification photos).
 * A thumbnail opens the viewer at that photo, which zooms (buttons or wheel) and steps through them.
 */
export function PhotoDialog({ shown, onClose }: PhotoDialogProps) {
  const { t } = useTranslation(['photos']);
  /** The photo the viewer shows; closed when undefined. */
  const [viewing, setViewing] = useState<number>();
  const photos = shown ? [...shown.photos] : [];

  const close = () => {
    setViewing(undefined);
    onClose();
  };

  return (
    <Modal
      visible={shown !== undefined}
      title={shown && t('photos:dialogTitle', { title: shown.title, count: photos.length })}
      footer={null}
      onCancel={close}
      className="photo-dialog"
      unmountOnExit
      data-testid="photo-dialog"
    >
      <p className="photo-dialog-hint">{t('photos:viewerHint')}</p>
      <div className="photo-dialog-grid">
        {photos.map((src, index) => (
          <button
            key={`${index}-${src}`}
            type="button"
            className="photo-dialog-thumb"
            onClick={() => setViewing(index)}
            aria-label={t('photos:photoLabel', { index: index + 1 })}
            data-testid="photo-thumb"
          >
            <Image src={src} alt={t('photos:photoLabel', { index: index + 1 })} preview={false} width="100%" height="100%" />
          </button>
        ))}
      </div>
      <Image.PreviewGroup
        srcList={photos}
        visible={viewing !== undefined}
        current={viewing ?? 0}
        onChange={setViewing}
        onVisibleChange={(visible) => !visible && setViewing(undefined)}
        infinite
      />
    </Modal>
  );
}
