import { parse } from 'content-disposition';

/**
 * The file name a Content-Disposition header gives (RFC 6266). The `content-disposition` package
 * (pure JavaScript, no Node built-ins, so it bundles for the browser) puts the decoded `filename*`
 * (RFC 5987: the real, often Chinese, name) in `filename` over the ASCII stand-in, keeps the
 * stand-in when `filename*` cannot be decoded, and never throws on a malformed header.
 */
export function fileNameFromContentDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return parse(header).parameters.filename || undefined;
}
