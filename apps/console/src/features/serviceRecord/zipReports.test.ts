import JSZip from 'jszip';
import { describe, expect, it, vi } from 'vitest';
import { zipReports, type ZipProgress } from './zipReports.ts';

const pdf = (text: string) => new Blob([`%PDF-1.7 ${text}`], { type: 'application/pdf' });

async function entries(zip: Blob | undefined): Promise<Record<string, string>> {
  if (!zip) throw new Error('no zip');
  const read = await JSZip.loadAsync(await zip.arrayBuffer());
  const out: Record<string, string> = {};
  for (const name of Object.keys(read.files)) out[name] = await read.file(name)!.async('string');
  return out;
}

describe('zipReports', () => {
  it('packs every fetched file under its name and reports progress up to the total', async () => {
    const progress: ZipProgress[] = [];
    const result = await zipReports(
      [
        { name: 'A-一号店.pdf', url: 'https://x/a.pdf' },
        { name: 'B-二号店.pdf', url: 'https://x/b.pdf' },
      ],
      async (url) => pdf(url),
      { signal: new AbortController().signal, onProgress: (p) => progress.push(p) },
    );
    expect(result.failed).toEqual([]);
    expect(await entries(result.zip)).toEqual({ 'A-一号店.pdf': '%PDF-1.7 https://x/a.pdf', 'B-二号店.pdf': '%PDF-1.7 https://x/b.pdf' });
    expect(progress[0]).toEqual({ done: 0, total: 2 });
    expect(progress.at(-1)).toEqual({ done: 2, total: 2 });
  });

  it('leaves failed and missing files out, names them, and keeps the others', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await zipReports(
      [
        { name: 'ok.pdf', url: 'ok' },
        { name: 'broken.pdf', url: 'broken' },
        { name: 'none.pdf', url: null },
      ],
      async (url) => {
        if (url === 'broken') throw new Error('HTTP 500');
        return pdf(url);
      },
      { signal: new AbortController().signal, onProgress: () => undefined },
    );
    expect(result.failed).toEqual(['broken.pdf', 'none.pdf']);
    expect(Object.keys(await entries(result.zip))).toEqual(['ok.pdf']);
    expect(console.error).toHaveBeenCalledOnce();
  });

  it('makes no zip when every file failed', async () => {
    const result = await zipReports([{ name: 'none.pdf', url: null }], async () => pdf(''), {
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    expect(result).toEqual({ zip: undefined, failed: ['none.pdf'] });
  });

  it('fetches at most `concurrency` files at once', async () => {
    let running = 0;
    let peak = 0;
    const files = Array.from({ length: 9 }, (_, i) => ({ name: `${i}.pdf`, url: String(i) }));
    await zipReports(
      files,
      async (url) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 2));
        running--;
        return pdf(url);
      },
      { signal: new AbortController().signal, onProgress: () => undefined, concurrency: 3 },
    );
    expect(peak).toBe(3);
  });

  it('rejects with an AbortError when cancelled, and stops fetching', async () => {
    const controller = new AbortController();
    const fetched: string[] = [];
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.pdf`, url: String(i) }));
    const run = zipReports(
      files,
      (url, signal) =>
        new Promise<Blob>((resolve, reject) => {
          fetched.push(url);
          if (url === '1') controller.abort();
          signal.addEventListener('abort', () => reject(new Error('aborted')));
          setTimeout(() => resolve(pdf(url)), 5);
        }),
      { signal: controller.signal, onProgress: () => undefined, concurrency: 2 },
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetched).toEqual(['0', '1']);
  });
});
