import { extensionOf, UPLOAD_SHEET_MAX_BYTES, type ImportCredential } from '@pest/shared';

/** The sheet limit in whole megabytes, as the hints say it. */
export const SHEET_MAX_MB = Math.round(UPLOAD_SHEET_MAX_BYTES / 1024 / 1024);

/** Why a chosen file cannot be imported, checked before it is sent (the store checks again): its texts' keys. */
export function importFileProblem(file: { name: string; size: number }): 'wrongType' | 'tooLarge' | null {
  if (extensionOf(file.name) !== 'xlsx') return 'wrongType';
  if (file.size > UPLOAD_SHEET_MAX_BYTES) return 'tooLarge';
  return null;
}

const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * The secrets of the devices an import created as a CSV, made in the browser and never sent
 * anywhere: a byte order mark first so that Excel reads it as UTF-8.
 */
export function credentialsCsv(credentials: readonly ImportCredential[], headers: readonly [deviceNo: string, secret: string]): string {
  const lines = [headers, ...credentials.map((credential) => [credential.deviceNo, credential.secret])].map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
