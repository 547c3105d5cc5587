import { createServer } from 'node:http';
import { listenOnLoopback } from '../../common/testing-receivers.ts';

/** A request the held receiver got and has not answered yet. */
export interface HeldRequest {
  body: string;
  /** Answers it 200 {"errcode":0}, as the robots and a webhook's consumer answer a success. */
  answer(): void;
}

/**
 * A loopback receiver that answers each request only when the test says so: a receiver as slow as
 * the test needs, slower than any lease, without the test sleeping. `bodies` keeps every request's
 * body, answered or not, in the order they came.
 */
export async function startHeldReceiver() {
  const held: HeldRequest[] = [];
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      held.push({
        body,
        answer: () => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end('{"errcode":0,"errmsg":"ok"}');
        },
      });
    });
  });
  return { held, bodies, ...(await listenOnLoopback(server)) };
}
