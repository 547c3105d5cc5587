import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access line per request, written when it is answered, as nginx writes its access log:
 * the request (URL masked by the logger's serializer), its status and time. Fastify's default
 * writes a second line when the request arrives, and the two lines were most of what a small
 * proxied answer cost the gateway (bench/proxy).
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
