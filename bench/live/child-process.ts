// The IPC the live bench's server processes speak: 'ready' with their port, RSS after a full GC on
// request, and, for the two broadcasters, a broadcast on request.
/** The event the bare socket.io broadcaster emits. */
export const BARE_EVENT = 'bench';

export type ServerRequest = { type: 'rss' } | { type: 'broadcast'; data: unknown };
export type ServerReply = { type: 'ready'; port: number } | { type: 'rss'; bytes: number };

export function serveChildProcess({ port, broadcast }: { port: number; broadcast?: (data: unknown) => void }): void {
  const send = (reply: ServerReply) => process.send!(reply);
  process.on('message', (request: ServerRequest) => {
    if (request.type === 'broadcast') broadcast?.(request.data);
    if (request.type === 'rss') {
      // Twice: the first pass can leave garbage reachable only from finalizers.
      globalThis.gc?.();
      globalThis.gc?.();
      send({ type: 'rss', bytes: process.memoryUsage().rss });
    }
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', port });
}
