import { useEffect, useState } from 'react';
import { toString as qrSvg } from 'qrcode';

/**
 * `text` as a QR code, drawn as SVG (no canvas needed) at `size` CSS pixels with the standard
 * four-module quiet zone, so a phone reads it off a screen. Nothing shows until it is made.
 */
export function QrCode({ text, size, label }: { text: string; size: number; label: string }) {
  const [svg, setSvg] = useState<{ text: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    void qrSvg(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }).then((markup) => {
      if (current) setSvg({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` });
    });
    return () => {
      current = false;
    };
  }, [text]);
  return svg?.text === text ? (
    <img className="display-qr" src={svg.src} width={size} height={size} alt={label} data-testid="display-qr" />
  ) : (
    <span className="display-qr" style={{ width: size, height: size }} />
  );
}
