import JSZip from 'jszip';

export interface ReportFile {
  /** The entry's name in the zip, already unique. */
  name: string;
  /** Where to fetch it; null when the job order has no report yet. */
  url: string | null;
}

export interface ZipProgress {
  done: number;
  total: number;
}

export interface ZipReportsOptions {
  signal: AbortSignal;
  onProgress(progress: ZipProgress): void;
  /** Files fetched at once: enough to hide latency without flooding the server. */
  concurrency?: number;
}

export interface ZippedReports {
  /** Undefined when no file could be fetched: there is nothing to save. */
  zip: Blob | undefined;
  /** The names of the files left out, in the order given. */
  failed: string[];
}

function abortError(): DOMException {
  return new DOMException('The batch download was cancelled', 'AbortError');
}

/**
 * Fetches the reports and packs them into one zip. A file that fails is left out and named in
 * `failed`, so one broken report does not lose the others. Rejects with an AbortError once the
 * signal aborts. PDFs are compressed already, so entries are stored, which keeps large batches fast.
 */
export async function zipReports(
  files: readonly ReportFile[],
  fetchFile: (url: string, signal: AbortSignal) => Promise<Blob>,
  { signal, onProgress, concurrency = 4 }: ZipReportsOptions,
): Promise<ZippedReports> {
  const contents: (Blob | undefined)[] = new Array<Blob | undefined>(files.length);
  let next = 0;
  let done = 0;
  onProgress({ done, total: files.length });

  const worker = async () => {
    while (next < files.length) {
      if (signal.aborted) throw abortError();
      const index = next++;
      const file = files[index]!;
      try {
        if (file.url !== null) contents[index] = await fetchFile(file.url, signal);
      } catch (error) {
        if (signal.aborted) throw abortError();
        // Console-spec section 8: batch download errors are only logged; the user sees the name in the summary.
        console.error(`batch download: ${file.name} failed`, error);
      }
      done++;
      onProgress({ done, total: files.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  if (signal.aborted) throw abortError();

  const zip = new JSZip();
  const failed: string[] = [];
  files.forEach((file, index) => {
    const content = contents[index];
    if (content) zip.file(file.name, content);
    else failed.push(file.name);
  });
  if (failed.length === files.length) return { zip: undefined, failed };
  return { zip: await zip.generateAsync({ type: 'blob', compression: 'STORE' }), failed };
}
