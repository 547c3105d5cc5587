import type { FastifyInstance } from 'fastify';
import { Pool, type Dispatcher } from 'undici';

/** The header the gateway sets on every proxied request; it also names the request's abort signal. */
const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An undici pool to the upstream whose requests end when their client goes away.
 * @fastify/reply-from gives undici no abort signal, so a browser that closes a tab would leave its
 * chart running upstream to the end. The gateway registers each request's signal under its
 * request id (which it forwards as X-Request-Id) and this pool hands it to undici: aborting the
 * upstream request closes that connection, and the reference backend stops the request's
 * database work when it sees its client go.
 */
export function createAbortableUpstream(upstreamUrl: string, options: Pool.Options) {
  const signals = new Map<string, AbortSignal>();

  const pool = new Pool(upstreamUrl, options);
  return {
    /** What reply-from takes as its `undici` option: anything with request(). */
    dispatcher: {
      // reply-from calls only the callback form.
      request: ((requestOptions: Dispatcher.RequestOptions, callback: (err: Error | null, data: Dispatcher.ResponseData) => void) => {
        const id = (requestOptions.headers as Record<string, string | undefined> | undefined)?.[REQUEST_ID_HEADER];
        const signal = id === undefined ? undefined : signals.get(id);
        pool.request(signal ? { ...requestOptions, signal } : requestOptions, callback);
      }) as Dispatcher['request'],
    },
    /** Gives every request of `app` an abort signal that fires when its client disconnects before the answer. */
    track(app: FastifyInstance) {
      app.addHook('onRequest', (request, reply, done) => {
        const controller = new AbortController();
        signals.set(request.id, controller.signal);
        reply.raw.once('close', () => {
          signals.delete(request.id);
          if (!reply.raw.writableFinished) controller.abort();
        });
        done();
      });
      // reply-from leaves a pool it was given open (destroyAgent is off): its sockets would keep the upstream waiting.
      app.addHook('onClose', async () => {
        await pool.destroy().catch(() => {});
      });
    },
  };
}
