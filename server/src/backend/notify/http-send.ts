import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { NotifyMessages } from '@pest/shared';
import { checkDestination, type AllowedHosts } from '../common/outbound-guard.ts';

export interface SendResult {
  ok: boolean;
  /** The HTTP status; null when no answer came (refused destination, timeout, connection error). */
  status: number | null;
  /** The receiver's answer, or why there was none; at most DETAIL_MAX characters. */
  detail: string;
}

const DETAIL_MAX = 500;
/** A receiver's answer is read this far and no further: a hostile one cannot make us hold megabytes. */
const ANSWER_MAX_BYTES = 8 * 1024;

/**
 * POSTs a JSON body to a channel's address. The destination is checked (outbound-guard.ts) and the
 * connection made to the very address checked, so a DNS answer cannot point it elsewhere between
 * the check and the connect. Redirects are not followed (undici follows none unless asked).
 * `timeoutMs` bounds the whole exchange, name lookup to the answer's last byte: a receiver that
 * sends its headers and then drips its body a byte at a time is cut off at it like a silent one.
 */
export async function postJson(url: string, body: string, headers: Record<string, string>, options: { allowedHosts: AllowedHosts; timeoutMs: number }): Promise<SendResult> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const unanswered = new Promise<{ ok: false; reason: string }>((resolve) => {
    deadline.addEventListener('abort', () => resolve({ ok: false, reason: NotifyMessages.dnsTimeout }), { once: true });
  });
  const destination = await Promise.race([checkDestination(url, options.allowedHosts), unanswered]);
  if (!destination.ok) return { ok: false, status: null, detail: destination.reason };
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [destination]);
    else callback(null, destination.address, destination.family);
  };
  const agent = new Agent({
    connect: { timeout: options.timeoutMs, lookup: pinned },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connections: 1,
  });
  try {
    const response = await request(destination.url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      dispatcher: agent,
      signal: deadline,
    });
    const answer = await readCapped(response.body);
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    return { ok, status: response.statusCode, detail: answer.slice(0, DETAIL_MAX) || `HTTP ${response.statusCode}` };
  } catch (error) {
    return { ok: false, status: null, detail: describe(error, options.timeoutMs).slice(0, DETAIL_MAX) };
  } finally {
    void agent.close().catch(() => undefined);
  }
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= ANSWER_MAX_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, ANSWER_MAX_BYTES).toString('utf8');
}

/** That the receiver did not answer within `timeoutMs`, in seconds to a tenth. */
export const receiverTimedOut = (timeoutMs: number) => NotifyMessages.receiverTimeout(Math.round(timeoutMs / 100) / 10);

function describe(error: unknown, timeoutMs: number): string {
  const { name, message, code } = error as { name?: string; message?: string; code?: string };
  if (name === 'TimeoutError' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return receiverTimedOut(timeoutMs);
  }
  return `${code ?? name ?? 'Error'}: ${message ?? ''}`;
}
