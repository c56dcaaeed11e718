import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentStaff } from '../../http/auth.ts';
import { route } from '../../http/endpoint.ts';
import type { UsersService } from './users.service.ts';

const tags = ['users'];
const security = [{ bearer: [] }];

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  route(app, endpoints.users.profile, { tags, summary: 'The signed-in user', security }, async (request) =>
    users.getProfile(currentStaff(request)),
  );
  route(
    app,
    endpoints.users.updateProfile,
    { tags, summary: 'Update the signed-in user', security },
    async (request) => users.updateProfile(currentStaff(request), request.body),
  );
  route(
    app,
    endpoints.users.changePassword,
    { tags, summary: "Change the signed-in user's password; other sessions are signed out", security },
    async (request) => {
      await users.changePassword(currentStaff(request), request.body);
      return { ok: true as const };
    },
  );
};
