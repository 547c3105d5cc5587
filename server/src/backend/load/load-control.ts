import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiMessages } from '@pest/shared';
import { requestLanguage } from '../common/request-language.ts';
import { QueryAbandoned, runWithQueryContext } from '../db/query-context.ts';
import { failure } from '../envelope.ts';
import { LimitExceeded, type FairLimiter } from './fair-limiter.ts';
import { createInFlightAnswers, type Leader, type SharedAnswer } from './in-flight-answers.ts';

export interface LoadControlOptions {
  limiter: FairLimiter;
  /** From the start of a heavy request's work to its 503; its database work stops then too. */
  timeoutMs: number;
}

/**
 * Seconds a refused client should wait before trying again. The refusal itself comes after that
 * wait: a client that ignores Retry-After cannot turn refusals into a busy loop.
 */
const RETRY_AFTER_SECONDS = 2;

/**
 * Keeps one user's heavy calls from slowing everyone else. For each route of a heavy endpoint
 * (its definition's `load`) reached by a signed-in user, in the scope where it is registered
 * (after authentication):
 * - an identical call of the same user already running is waited for and its answer shared;
 * - the call takes a slot of the fair limiter (429 with Retry-After when the user's queue is full);
 * - its database work runs under a signal that aborts when the client goes away or the deadline
 *   passes; at the deadline the client gets 503 at once, whatever the database is still doing.
 */
export function registerLoadControl(api: FastifyInstance, { limiter, timeoutMs }: LoadControlOptions) {
  const answers = createInFlightAnswers();
  const leaders = new WeakMap<FastifyRequest, Leader>();

  const runHeavy = (request: FastifyRequest, reply: FastifyReply, done: () => void, leader: Leader | null) => {
    const controller = new AbortController();
    let release: (() => void) | null = null;
    const deadline = setTimeout(() => {
      controller.abort(new QueryAbandoned('deadline'));
      if (!reply.sent) reply.code(503).send(failure(503, ApiMessages.queryTimeout));
    }, timeoutMs);
    // 'close' comes after the answer is written, or when the connection drops before that.
    reply.raw.once('close', () => {
      clearTimeout(deadline);
      if (!reply.raw.writableFinished) controller.abort(new QueryAbandoned('client gone'));
      release?.();
      leader?.settle(null);
    });

    limiter.acquire(String(request.scope!.userId), controller.signal).then(
      (free) => {
        release = free;
        if (controller.signal.aborted) return free();
        runWithQueryContext({ signal: controller.signal, heavy: true }, done);
      },
      (error: unknown) => {
        if (reply.sent) return;
        if (error instanceof LimitExceeded) {
          setTimeout(() => {
            if (!reply.sent) reply.header('retry-after', String(RETRY_AFTER_SECONDS)).code(429).send(failure(429, ApiMessages.tooManyHeavyRequests));
          }, RETRY_AFTER_SECONDS * 1_000);
        } else {
          // The client left while waiting: nobody reads this answer, but the request must end.
          reply.code(503).send(failure(503, ApiMessages.queryTimeout));
        }
      },
    );
  };

  api.addHook('preHandler', (request, reply, done) => {
    const load = request.routeOptions.config.endpoint?.load ?? 'light';
    if (!request.scope || load === 'light') return done();
    // Each caller of a download gets its own file.
    if (load === 'download') return runHeavy(request, reply, done, null);

    // The language too: the same question in another language has other headers.
    const key = `${request.scope.userId}\n${requestLanguage(request)}\n${request.method}\n${request.url}\n${JSON.stringify(request.body ?? null)}`;
    const running = answers.find(key);
    if (!running) {
      const leader = answers.lead(key);
      leaders.set(request, leader);
      return runHeavy(request, reply, done, leader);
    }
    void running.then((answer) => (answer ? sendShared(reply, answer) : runHeavy(request, reply, done, null)));
  });

  // The leader's serialized answer is what the identical calls waiting on it receive.
  api.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      leaders.get(request)?.settle({ statusCode: reply.statusCode, contentType: String(reply.getHeader('content-type') ?? ''), payload });
    }
    done(null, payload);
  });

  return {
    /** Heavy requests running and waiting, and answers being shared, for /loadz and the tests. */
    stats: () => ({ ...limiter.stats(), shared: answers.size }),
  };
}

function sendShared(reply: FastifyReply, answer: SharedAnswer) {
  if (answer.contentType) reply.header('content-type', answer.contentType);
  reply.code(answer.statusCode).send(answer.payload);
}
