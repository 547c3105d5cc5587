import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One request a loopback receiver got. */
export interface Received {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

/** How a receiver answers; with `dripEveryMs`, its headers at once and then the body a byte at a time. */
export interface ReceiverAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
  dripEveryMs?: number;
}

/**
 * An HTTP server on loopback standing in for WeCom, DingTalk or a customer's webhook consumer. It
 * answers with `answer(request)` (default 200 {"errcode":0}) and keeps what it got.
 */
export async function startHttpReceiver(answer: (received: Received) => ReceiverAnswer = () => ({ status: 200, body: '{"errcode":0,"errmsg":"ok"}' })) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { method: request.method!, url: new URL(request.url!, 'http://receiver'), headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      const { status, body, headers, dripEveryMs } = answer(entry);
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      if (dripEveryMs === undefined) return void response.end(body);
      response.flushHeaders();
      let sent = 0;
      const drip = setInterval(() => (sent < body.length ? response.write(body[sent++]!) : response.end()), dripEveryMs);
      response.once('close', () => clearInterval(drip));
    });
  });
  return { received, ...(await listenOnLoopback(server)) };
}

/** Listens on a free loopback port: the receiver's address, its URLs, and a close that ends open connections too. */
export async function listenOnLoopback(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server (smtp-server) on loopback, without TLS or auth, that keeps each message it gets. */
export async function startSmtpReceiver() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { mails, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A header of a raw message, with RFC 2047 encoded words (=?UTF-8?B?…?=, =?UTF-8?Q?…?=) decoded. */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!line) return undefined;
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** The decoded body of a message's part of this content type (base64 or quoted-printable, as nodemailer writes them). */
export function mailPart(raw: string, contentType: string): string | undefined {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  for (const part of boundary ? raw.split(`--${boundary}`) : [raw]) {
    const blank = /\r?\n\r?\n/.exec(part);
    if (!blank) continue;
    const head = part.slice(0, blank.index);
    if (!new RegExp(`^content-type:\\s*${contentType}`, 'im').test(head)) continue;
    const body = part.slice(blank.index + blank[0].length);
    const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(head)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding !== 'quoted-printable') return body;
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return undefined;
}
