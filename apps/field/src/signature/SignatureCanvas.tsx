import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

/** The signature as a PNG, or null when nothing is drawn. */
export type SignatureSource = () => Promise<Blob | null>;

/**
 * The customer signs with a finger: signature_pad draws smooth strokes from pointer events. The
 * canvas is sized to its box at the screen's pixel density so the strokes stay sharp.
 */
export function SignatureCanvas({ source, clearLabel, onChange }: { source(read: SignatureSource): void; clearLabel: string; onChange(empty: boolean): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const signaturePad = new SignaturePad(element, { backgroundColor: 'rgb(255,255,255)' });
    signaturePad.addEventListener('endStroke', () => changed.current(signaturePad.isEmpty()));
    pad.current = signaturePad;
    source(() => (signaturePad.isEmpty() ? Promise.resolve(null) : new Promise((resolve) => element.toBlob(resolve, 'image/png'))));
    return () => {
      signaturePad.off();
      pad.current = null;
    };
  }, [source]);

  return (
    <div className="signature">
      <canvas ref={canvas} data-testid="signature-canvas" />
      <button
        type="button"
        onClick={() => {
          pad.current?.clear();
          changed.current(true);
        }}
      >
        {clearLabel}
      </button>
    </div>
  );
}
