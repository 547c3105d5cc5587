import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLimits } from '@pest/shared';
import { useServices } from '../app/services.ts';
import { isLocalPhoto, type PhotoRef } from '../store/draft.ts';
import { keepImage } from '../visit/draftActions.ts';
import { resizedJpeg } from './resizeImage.ts';

/** A photo kept on the phone, shown from there; one only on the server is shown as a mark (its link needs signing). */
function Thumb({ photo }: { photo: PhotoRef }) {
  const { db } = useServices();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!isLocalPhoto(photo)) return;
    let objectUrl: string | null = null;
    let live = true;
    void db.get('images', photo).then((blob) => {
      if (!blob || !live) return;
      objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [db, photo]);
  return url ? <img className="thumb" src={url} alt="" /> : <span className="thumb remote">✓</span>;
}

/** Photos of an entry: taken or picked, made small on the phone, kept there until sent. */
export function PhotoField({ photos, onChange, disabled, testId }: { photos: PhotoRef[]; onChange(photos: PhotoRef[]): void; disabled?: boolean; testId: string }) {
  const { t } = useTranslation();
  const services = useServices();
  const [error, setError] = useState(false);
  const full = photos.length >= FieldLimits.photos;

  const add = async (files: FileList | null) => {
    setError(false);
    const added: PhotoRef[] = [];
    for (const file of [...(files ?? [])].slice(0, FieldLimits.photos - photos.length)) {
      try {
        added.push(await keepImage(services, await resizedJpeg(file)));
      } catch {
        setError(true);
      }
    }
    if (added.length > 0) onChange([...photos, ...added]);
  };

  return (
    <div className="photos" data-testid={testId}>
      {photos.map((photo) => (
        <div className="photo" key={photo}>
          <Thumb photo={photo} />
          {!disabled && (
            <button type="button" className="photo-remove" aria-label={t('photo.remove')} onClick={() => onChange(photos.filter((other) => other !== photo))}>
              ×
            </button>
          )}
        </div>
      ))}
      {!disabled && !full && (
        <label className="photo-add">
          <span>＋ {t('point.addPhoto')}</span>
          <input type="file" accept="image/*" capture="environment" multiple onChange={(event) => void add(event.target.files).then(() => (event.target.value = ''))} data-testid={`${testId}-input`} />
        </label>
      )}
      {full && <span className="hint">{t('photo.limit', { count: FieldLimits.photos })}</span>}
      {error && <span className="error">{t('photo.failed')}</span>}
    </div>
  );
}
