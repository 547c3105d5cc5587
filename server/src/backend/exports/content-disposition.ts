import { create } from 'content-disposition';

/**
 * The one way the server names a file it sends (xlsx exports, the device import template, PDF
 * reports). The `content-disposition` package writes the real name into `filename*` (RFC 5987,
 * UTF-8: Chinese names) with an ASCII `filename` stand-in for old clients, and quotes and escapes
 * what it must, so no file name can break the header.
 */
export function attachmentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  return create(fileName, { type: disposition });
}
