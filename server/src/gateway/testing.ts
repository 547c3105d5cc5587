import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One keep-alive HTTP/1.1 connection driven by hand, for what fetch hides: which socket a
 * request travels on, and bodies announced with one size and sent in another way.
 */
export interface RawConnection {
  send(bytes: string | Buffer): void;
  /** The next response on this connection; rejects when none is complete within `withinMs`. */
  response(withinMs?: number): Promise<RawResponse>;
  /** Whether the server has closed this connection. */
  readonly ended: boolean;
  close(): void;
}

export async function openRawConnection(baseUrl: string): Promise<RawConnection> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = Buffer.alloc(0);
  let ended = false;
  let onChange = () => {};
  socket.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
    onChange();
  });
  socket.on('end', () => {
    ended = true;
    onChange();
  });
  socket.on('error', () => undefined);

  /** A complete response at the start of what was received, taken off it; null while incomplete. */
  const take = (): RawResponse | null => {
    const headEnd = received.indexOf('\r\n\r\n');
    if (headEnd < 0) return null;
    const [statusLine, ...lines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    if (received.length < headEnd + 4 + length) return null;
    const body = received.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
    received = received.subarray(headEnd + 4 + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body };
  };

  return {
    send: (bytes) => void socket.write(bytes),
    response: (withinMs = 5_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no complete response within ${withinMs} ms`)), withinMs);
        onChange = () => {
          const response = take();
          if (response) {
            clearTimeout(timer);
            resolve(response);
          } else if (ended) {
            clearTimeout(timer);
            reject(new Error('connection closed before a complete response'));
          }
        };
        onChange();
      }),
    get ended() {
      return ended;
    },
    close: () => socket.destroy(),
  };
}

/** An HTTP/1.1 request as bytes; `body` with its Content-Length unless headers say otherwise. */
export function rawRequest(method: string, path: string, headers: Record<string, string>, body: string | Buffer = ''): Buffer {
  const all = { host: 'localhost', ...(body.length > 0 && !headers['transfer-encoding'] ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers };
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(all).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body)]);
}
