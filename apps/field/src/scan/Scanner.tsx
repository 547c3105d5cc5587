import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeImageFile, decodeVideoFrame } from './decodeQr.ts';

const FRAME_INTERVAL_MS = 250;

/**
 * 扫码: the camera's stream read a few times a second until a label's QR code shows, and a photo
 * to read instead where the camera cannot be streamed (no permission, an old browser).
 */
export function Scanner({ onCode, onClose }: { onCode(code: string): void; onClose(): void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<'noCamera' | 'notFound' | null>(null);
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let live = true;
    const scan = async () => {
      const element = video.current;
      const code = element ? await decodeVideoFrame(element).catch(() => null) : null;
      if (!live) return;
      if (code) found.current(code);
      else timer = window.setTimeout(() => void scan(), FRAME_INTERVAL_MS);
    };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        if (live) setProblem('noCamera');
        return;
      }
      if (!live || !video.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      void scan();
    })();
    return () => {
      live = false;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const fromPhoto = async (file: File | undefined) => {
    if (!file) return;
    const code = await decodeImageFile(file).catch(() => null);
    if (code) onCode(code);
    else setProblem('notFound');
  };

  return (
    <div className="scanner" role="dialog" aria-label={t('scan.title')} data-testid="scanner">
      <video ref={video} muted playsInline />
      <p className="scanner-hint">{problem ? t(`scan.${problem}`) : t('scan.hint')}</p>
      <div className="bottom-bar">
        <label className="button big">
          {t('scan.photo')}
          <input type="file" accept="image/*" capture="environment" onChange={(event) => void fromPhoto(event.target.files?.[0]).then(() => (event.target.value = ''))} data-testid="scan-photo" />
        </label>
        <button type="button" className="big" onClick={onClose}>
          {t('scan.close')}
        </button>
      </div>
    </div>
  );
}
