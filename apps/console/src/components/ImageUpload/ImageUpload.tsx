import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button, Message } from '@arco-design/web-react';
import { IconDelete, IconFilePdf, IconPlus, IconSwap } from '@arco-design/web-react/icon';
import axios from 'axios';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, UploadMessages } from '@pest/shared';
import { RequestError, reportError } from '../../api/http.ts';
import { isPdfFile, ObjectUploadError, uploadToObjectStore, type UploadAccept } from '../../api/uploads.ts';
import { uploadProblem } from './uploadRules.ts';
import './ImageUpload.css';
import { LabelledProgress } from '../LabelledProgress/LabelledProgress.tsx';

interface ImageUploadProps {
  /** The stored picture's URL; null (or nothing, as a form starts) when there is none. Optional because a Form.Item supplies both. */
  value?: string | null;
  onChange?(url: string | null): void;
  testId?: string;
  /** 'documents': a PDF too (a safety data sheet, a scanned contract), shown as a link that opens it. Pictures only when left out. */
  accept?: UploadAccept;
}

/**
 * One picture (or, for a caller that takes documents, a PDF) through the OSS flow (console-spec sections 4, 5, 7): type and size are checked
 * before anything is sent, progress shows while the file travels, then the picture's URL is set;
 * remove clears it.
 */
export function ImageUpload({ value, onChange, testId = 'image-upload', accept = 'images' }: ImageUploadProps) {
  const { t } = useTranslation(['devices']);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  // A picture just sent is shown from the file itself: the store serves stored pictures only by
  // the signed links the API hands out, which come with the device once it is saved.
  const [sent, setSent] = useState<{ url: string; preview: string } | null>(null);

  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => {
    if (sent) return () => URL.revokeObjectURL(sent.preview);
  }, [sent]);

  const fail = (error: unknown) => {
    if (axios.isCancel(error)) return;
    if (error instanceof RequestError) return reportError(error);
    const reason = error instanceof ObjectUploadError ? error.storeReason : undefined;
    Message.error({ content: reason ?? t('devices:uploadFailed'), duration: TOAST_DURATION_MS });
  };

  const send = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a refusal or a removal.
    event.target.value = '';
    if (!file) return;
    const problem = uploadProblem(file, accept);
    if (problem) {
      Message.error({ content: problem, duration: TOAST_DURATION_MS });
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      const url = await uploadToObjectStore({ file, onProgress: setProgress, signal: controller.signal, accept });
      setSent({ url, preview: URL.createObjectURL(file) });
      onChange?.(url);
    } catch (error) {
      fail(error);
    } finally {
      if (upload.current === controller) upload.current = null;
      setProgress(null);
    }
  };

  const choose = () => input.current?.click();
  // What the card shows: the file just sent from the browser's copy (the store serves only signed links), else the stored one.
  const shown = value && sent?.url === value ? sent.preview : value;
  const isPdf = !!value && isPdfFile({ name: value.split('?', 1)[0]! });

  return (
    <div className="image-upload" data-testid={testId}>
      {progress !== null ? (
        <div className="image-upload-card" data-testid={`${testId}-progress`} data-percent={progress}>
          <LabelledProgress type="circle" size="small" percent={progress} label={t('devices:uploading')} />
          <Button size="mini" type="text" onClick={() => upload.current?.abort()}>
            {t('devices:cancelUpload')}
          </Button>
        </div>
      ) : value ? (
        <div className="image-upload-card">
          {isPdf ? (
            <a className="image-upload-document" href={shown!} target="_blank" rel="noreferrer" data-testid={`${testId}-preview`}>
              <IconFilePdf />
              <span>{t('devices:openDocument')}</span>
            </a>
          ) : (
            <img className="image-upload-preview" src={shown!} alt={t('devices:image')} data-testid={`${testId}-preview`} />
          )}
          <div className="image-upload-actions">
            <Button size="mini" shape="circle" icon={<IconSwap />} onClick={choose} aria-label={t('devices:replaceImage')} />
            <Button
              size="mini"
              shape="circle"
              status="danger"
              icon={<IconDelete />}
              onClick={() => onChange?.(null)}
              aria-label={t('devices:removeImage')}
              data-testid={`${testId}-remove`}
            />
          </div>
        </div>
      ) : (
        <button type="button" className="image-upload-card image-upload-trigger" onClick={choose} data-testid={`${testId}-trigger`}>
          <IconPlus />
          <span>{t(accept === 'documents' ? 'devices:uploadFile' : 'devices:uploadImage')}</span>
        </button>
      )}
      {/* No `accept`: a file of the wrong kind must reach the check and get its message, not vanish from the chooser. */}
      <input ref={input} type="file" hidden onChange={(event) => void send(event)} data-testid={`${testId}-input`} />
      <div className="image-upload-hint">{accept === 'documents' ? t('devices:uploadDocumentHint') : t('devices:uploadHint', { size: UploadMessages.sizeHint })}</div>
    </div>
  );
}
