import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachmentDisposition } from './content-disposition.ts';
import { writeXlsx, type XlsxExport } from './xlsx-export.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Marks the answer as an xlsx file the browser saves as `fileName`. */
export function asXlsxDownload(reply: FastifyReply, fileName: string): FastifyReply {
  return reply.type(XLSX_TYPE).header('content-disposition', attachmentDisposition(fileName));
}

/**
 * Answers with a sheet as an xlsx download. The first row is read before anything is sent: after
 * the 200 and the first bytes, a failure could only cut the file short, so a request whose first
 * query fails gets its error envelope instead. `sheet` gets the stream the file goes to, so its
 * row source can wait for the download to drain (exports/drained.ts).
 */
export async function sendXlsx(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  sheet: (output: Writable) => XlsxExport,
): Promise<FastifyReply> {
  const output = new PassThrough();
  const { rows, ...layout } = sheet(output);
  const started = await withFirstRow(rows);
  writeXlsx(output, { ...layout, rows: started }).catch((error: Error) => {
    // The headers are gone: all that is left is to cut the download short.
    request.log.warn({ err: error, fileName }, 'export stopped');
    output.destroy(error);
  });
  return asXlsxDownload(reply, fileName).send(output);
}

/** The same rows, the first of them already read (so its failure is the caller's). */
export async function withFirstRow<T>(rows: AsyncIterable<T> | Iterable<T>): Promise<AsyncIterable<T>> {
  const iterator = (async function* () {
    yield* rows;
  })();
  const first = await iterator.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* iterator;
  })();
}
