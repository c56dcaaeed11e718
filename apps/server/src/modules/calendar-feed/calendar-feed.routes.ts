import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CalendarFeedService } from './calendar-feed.service.ts';
import { CALENDAR_FEED_PATH } from './feed-url.ts';

/**
 * Public: calendar apps cannot sign in, so the secret in the path is the key. A file, not JSON,
 * so the route is declared here rather than in the contract (like the webhooks).
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ calendarFeed: CalendarFeedService }> = async (
  app,
  { calendarFeed },
) => {
  app.get(
    CALENDAR_FEED_PATH.replace(/^\/api/, ''),
    {
      schema: {
        tags: ['calendar feed'],
        summary: "An employee's appointments as an iCalendar feed (60 days back, a year ahead)",
        params: z.object({ secret: z.string().min(1).max(100) }),
      },
      // Guessing a secret is hopeless, but a caller looping on any URL would still cost a query each.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const ics = await calendarFeed.ics(request.params.secret);
      return (
        reply
          .type('text/calendar; charset=utf-8')
          // Calendar apps poll every few hours at most; five minutes spares the database a burst of refreshes.
          .header('cache-control', 'private, max-age=300')
          .send(ics)
      );
    },
  );
};
