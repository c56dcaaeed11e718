import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { RateLimitsService } from '../modules/rate-limits/rate-limits.service.ts';

/** What the plugin hands a child store besides the route's options (its typings leave it out). */
type LimitedRoute = { routeInfo: { method: string | string[]; url: string } };

/**
 * @fastify/rate-limit's store over the database (modules/rate-limits). The plugin makes one child
 * per limited route, which counts under the route's method and URL pattern and the client key the
 * plugin gives it, with the route's own window. `continueExceeding` and `exponentialBackoff` are
 * not supported: no route asks for them.
 */
function databaseStore(rateLimits: RateLimitsService, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    readonly route: string;

    constructor(_options: object, route = '') {
      this.route = route;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      rateLimits.hit(this.route, key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => {
          log.warn({ err: error, route: this.route }, 'rate limit not counted: the request goes through');
          callback(error);
        },
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { method, url } = (options as unknown as LimitedRoute).routeInfo;
      return new DatabaseStore(options, `${method} ${url}`);
    }
  }
  return DatabaseStore;
}

/**
 * Limits for the routes that ask for one (`config: { rateLimit: { max, timeWindow } }`), counted
 * in the database, so that N instances allow a client the budget once and not N times.
 */
export async function registerRateLimits(app: FastifyInstance, rateLimits: RateLimitsService) {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(rateLimits, app.log),
    // A count the database could not take lets the request through (the store logs it): refusing
    // would turn a hiccup of one small table into the refusal of every sign-in and booking, and
    // what the limits protect lives on that same database, so while it is down those requests
    // fail on their own (503).
    skipOnError: true,
    // Our own error, since the handler trusts no foreign status.
    errorResponseBuilder: (_request, context) =>
      new AppError(
        context.ban ? 'FORBIDDEN' : 'TOO_MANY_REQUESTS',
        `Rate limit exceeded, retry in ${context.after}`,
      ),
  });
}
