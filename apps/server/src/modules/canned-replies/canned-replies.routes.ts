import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { CannedRepliesService } from './canned-replies.service.ts';

const tags = ['canned replies'];
const security = [{ bearer: [] }];

export const cannedRepliesRoutes: FastifyPluginAsyncZod<{ cannedReplies: CannedRepliesService }> = async (
  app,
  { cannedReplies },
) => {
  route(
    app,
    endpoints.cannedReplies.list,
    { tags, security, summary: "The team's canned replies, by name" },
    async () => cannedReplies.list(),
  );
  route(
    app,
    endpoints.cannedReplies.create,
    { tags, security, summary: 'Add a canned reply' },
    async (request) => cannedReplies.create(request.body),
  );
  route(
    app,
    endpoints.cannedReplies.update,
    { tags, security, summary: 'Change a canned reply' },
    async (request) => cannedReplies.update(request.params.id, request.body),
  );
  route(
    app,
    endpoints.cannedReplies.variables,
    {
      tags,
      security,
      summary:
        "What a canned reply's variables read in this chat: the customer's name, next appointment, professional and booking link",
    },
    async (request) => cannedReplies.variables(request.params.id),
  );
  route(
    app,
    endpoints.cannedReplies.remove,
    { tags, security, summary: 'Delete a canned reply' },
    async (request) => {
      await cannedReplies.remove(request.params.id);
      return { ok: true as const };
    },
  );
};
