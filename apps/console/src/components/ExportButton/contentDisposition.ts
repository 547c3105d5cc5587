/**
 * The file name a Content-Disposition header gives (RFC 6266): the UTF-8 `filename*` (RFC 5987)
 * first, since servers put the real, often Chinese, name there and an ASCII stand-in in `filename`.
 */
export function fileNameFromContentDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    const decoded = decodeExtendedValue(extended[1] ?? '', (extended[2] ?? '').trim().replace(/^"(.*)"$/, '$1'));
    if (decoded) return decoded;
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (!plain) return undefined;
  const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '').trim();
  return name === '' ? undefined : name;
}

function decodeExtendedValue(charset: string, value: string): string | undefined {
  try {
    if (charset.toLowerCase() === 'utf-8' || charset === '') return decodeURIComponent(value) || undefined;
    // ISO-8859-1, the only other charset RFC 5987 requires: each %XX is one character.
    return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) || undefined;
  } catch {
    return undefined;
  }
}
