import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentStaff } from '../../http/auth.ts';
import { route } from '../../http/endpoint.ts';
import type { PacksService } from './packs.service.ts';

const tags = ['packs'];
const security = [{ bearer: [] }];

export const packsRoutes: FastifyPluginAsyncZod<{ packs: PacksService }> = async (app, { packs }) => {
  route(
    app,
    endpoints.packs.list,
    { tags, security, summary: 'The packs of sessions on sale' },
    async (request) => packs.list(request.query.archived),
  );
  route(app, endpoints.packs.create, { tags, security, summary: 'Add a pack of sessions' }, async (request) =>
    packs.create(request.body),
  );
  route(
    app,
    endpoints.packs.update,
    { tags, security, summary: "Change a pack's terms (packs already sold keep theirs)" },
    async (request) => packs.update(request.params.id, request.body),
  );
  route(
    app,
    endpoints.packs.archive,
    { tags, security, summary: 'Stop selling a pack (packs already sold are untouched)' },
    async (request) => packs.archive(request.params.id),
  );
  route(
    app,
    endpoints.packs.restore,
    { tags, security, summary: 'Sell an archived pack again' },
    async (request) => packs.restore(request.params.id),
  );
  route(
    app,
    endpoints.packs.ofClient,
    { tags, security, summary: "A client's packs with the sessions left and their expiry" },
    async (request) => packs.ofClient(request.params.id),
  );
  route(
    app,
    endpoints.packs.sell,
    { tags, security, summary: 'Sell a client a pack at the desk, paid in cash or by card' },
    async (request) =>
      packs.sell(request.params.id, request.body, { actor: 'staff', employeeId: currentStaff(request).id }),
  );
  route(
    app,
    endpoints.packs.ledger,
    { tags, security, summary: "Every sale, use, return, expiry and refund of one of a client's packs" },
    async (request) => packs.ledger(request.params.id, request.params.clientPackId),
  );
  route(
    app,
    endpoints.packs.refund,
    {
      tags,
      security,
      summary:
        "Refund a client's pack: its sessions left end, the amount goes back (through the provider for a pack bought online)",
    },
    async (request) =>
      packs.refund(request.params.id, request.params.clientPackId, request.body, {
        actor: 'staff',
        employeeId: currentStaff(request).id,
      }),
  );
};
