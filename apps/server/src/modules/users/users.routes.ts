import { okBodySchema } from '@chatdesk/contract/common';
import { changePasswordSchema, profileSchema, updateProfileSchema } from '@chatdesk/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentStaff } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

const security = [{ bearer: [] }];

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/profile',
    {
      schema: { tags: ['users'], summary: 'The signed-in user', security, response: { 200: profileSchema } },
    },
    async (request) => users.getProfile(currentStaff(request)),
  );
  app.put(
    '/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Update the signed-in user',
        security,
        body: updateProfileSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => users.updateProfile(currentStaff(request), request.body),
  );
  app.put(
    '/password',
    {
      schema: {
        tags: ['users'],
        summary: "Change the signed-in user's password; other sessions are signed out",
        security,
        body: changePasswordSchema,
        response: { 200: okBodySchema },
      },
    },
    async (request) => {
      await users.changePassword(currentStaff(request), request.body);
      return { ok: true as const };
    },
  );
};
