import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One line per request is noise in production. A request is logged when it arrives and completes
 * at debug; at info only when it failed with a 4xx or took longer than `slowRequestMs`; at warn
 * with a 5xx (the error handler logs the error itself at error).
 */
export class RequestLogPolicy extends LogController {
  readonly slowRequestMs: number;

  constructor(slowRequestMs: number) {
    super();
    this.slowRequestMs = slowRequestMs;
  }

  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ method: request.method, url: request.url.split('?')[0] }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    const level =
      error || status >= 500 ? 'warn' : status >= 400 || ms >= this.slowRequestMs ? 'info' : 'debug';
    request.log[level](
      { method: request.method, url: request.url.split('?')[0], status, ms },
      'request completed',
    );
  }
}
