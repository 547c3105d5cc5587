/**
 * A payload as people paste it: network server consoles show hex (ChirpStack, CTWing) or base64
 * (The Things Stack's frm_payload, ChirpStack's `data`). The API takes base64, the tables show hex.
 */
export type PayloadFormat = 'hex' | 'base64';

export type ParsedPayload =
  | { ok: true; format: PayloadFormat; bytes: Uint8Array; base64: string; hex: string }
  | { ok: false; problem: 'empty' | 'unreadable' | 'tooLong' };

const HEX = /^[0-9a-fA-F]*$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function bytesToBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

export function base64ToHex(base64: string): string {
  return bytesToHex(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
}

/**
 * Hex when the text is only hex digits of an even length, else base64. A hex-looking text is taken
 * as hex even though it is valid base64 too ("0102" is both): pasted payloads are hex far more
 * often, and the screen says which reading it made. Spaces (hex dumps, "01 02 0A") are ignored, and
 * a leading 0x marks hex ("0x12" would otherwise read as base64 of other bytes).
 */
export function parsePayload(text: string, maxBytes: number): ParsedPayload {
  const spaceless = text.replace(/\s+/g, '');
  const compact = /^0x/i.test(spaceless) ? spaceless.slice(2) : spaceless;
  if (compact === '') return { ok: false, problem: 'empty' };
  let format: PayloadFormat;
  let bytes: Uint8Array;
  if (HEX.test(compact) && compact.length % 2 === 0) {
    format = 'hex';
    bytes = Uint8Array.from(compact.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  } else if (BASE64.test(compact) && compact.length % 4 === 0) {
    format = 'base64';
    bytes = Uint8Array.from(atob(compact), (char) => char.charCodeAt(0));
  } else {
    return { ok: false, problem: 'unreadable' };
  }
  if (bytes.length > maxBytes) return { ok: false, problem: 'tooLong' };
  return { ok: true, format, bytes, base64: bytesToBase64(bytes), hex: bytesToHex(bytes) };
}
