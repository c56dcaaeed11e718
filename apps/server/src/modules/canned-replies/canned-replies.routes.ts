import { CANNED_REPLY_UNDO_WINDOW_MS } from '@chatdesk/contract/canned-replies';
import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { CannedRepliesService } from './canned-replies.service.ts';

const tags = ['canned replies'];
const security = [{ bearer: [] }];
const undoSeconds = CANNED_REPLY_UNDO_WINDOW_MS / 1000;

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
    { tags, security, summary: `Delete a canned reply (it can be restored for ${undoSeconds} seconds)` },
    async (request) => {
      await cannedReplies.remove(request.params.id);
      return { ok: true as const };
    },
  );
  route(
    app,
    endpoints.cannedReplies.restore,
    { tags, security, summary: `Undo a delete made less than ${undoSeconds} seconds ago` },
    async (request) => cannedReplies.restore(request.params.id),
  );
};
