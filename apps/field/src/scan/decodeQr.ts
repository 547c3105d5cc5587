/** The browser's own QR reader where it has one (Chrome on Android); not in TypeScript's DOM types yet. */
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function nativeDetector(): BarcodeDetectorLike | null {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    return new Detector({ formats: ['qr_code'] });
  } catch {
    return null;
  }
}

/** The longest side a picture is read at by jsQR: a label fills much of the frame, and a phone photo is slow to scan at full size. */
const DECODE_MAX_SIDE = 1024;

/** jsQR on the pixels, loaded on first use: it is the app's largest module and most phones never need it. */
async function decodeWithJsQr(source: CanvasImageSource, width: number, height: number): Promise<string | null> {
  const scale = Math.min(1, DECODE_MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  const { default: jsQR } = await import('jsqr');
  return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

async function decode(source: HTMLVideoElement | ImageBitmap, width: number, height: number): Promise<string | null> {
  const detector = nativeDetector();
  if (detector) {
    const found = await detector.detect(source).catch(() => []);
    if (found[0]) return found[0].rawValue;
  }
  return decodeWithJsQr(source, width, height);
}

/** The QR code in a camera frame, if one is readable. */
export const decodeVideoFrame = (video: HTMLVideoElement): Promise<string | null> =>
  video.videoWidth > 0 ? decode(video, video.videoWidth, video.videoHeight) : Promise.resolve(null);

/** The QR code in a photo (the file fallback, where the camera cannot be streamed). */
export async function decodeImageFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await decode(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
