/**
 * An attachment header that every browser reads right (RFC 6266): an ASCII `filename` for old
 * clients and the real UTF-8 name in `filename*` (RFC 5987), which the console reads first.
 */
export function attachmentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
