import { serviceReportFileName, type JobOrderRecord } from '@pest/shared';

/** Where the page is, as `window.location` has it. */
export interface PageLocation {
  href: string;
  protocol: string;
}

/**
 * A report link made absolute; on an https page an http link becomes https, since the browser
 * blocks http fetches from https pages as mixed content (console-spec section 7).
 */
export function reportFileUrl(url: string, page: PageLocation): string {
  const absolute = new URL(url, page.href);
  if (page.protocol === 'https:' && absolute.protocol === 'http:') absolute.protocol = 'https:';
  return absolute.href;
}

/** Characters Windows, macOS or zip tools refuse in a file name, and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f]/g;

/** The server's name for the report (`<code>-<store>-<jobOrderName>.pdf`), safe as a file name. */
export function reportFileName(record: Pick<JobOrderRecord, 'code' | 'customerName' | 'jobOrderName'>): string {
  return serviceReportFileName(record).replace(UNSAFE_IN_FILE_NAME, '_').trim();
}

/** Names made unique in order, as file managers do: the second `a.pdf` becomes `a (2).pdf`. */
export function uniqueFileNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy++) candidate = `${stem} (${copy})${extension}`;
    // Case-insensitive file systems would still merge `A.pdf` and `a.pdf`.
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
