import {
  loginConfigSchema,
  loginRequestSchema,
  loginResponseSchema,
  verifyResponseSchema,
} from '@chatdesk/contract/auth';
import { okBodySchema } from '@chatdesk/contract/common';
import { DEMO_CREDENTIALS } from '@chatdesk/contract/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentStaff, requireStaff } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  demoLogin: boolean;
  loginRatePerMinute: number;
}> = async (app, { auth, demoLogin, loginRatePerMinute }) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['auth'],
        summary: 'What the sign-in page shows',
        response: { 200: loginConfigSchema },
      },
    },
    async () => ({ demo: demoLogin ? { ...DEMO_CREDENTIALS } : null }),
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
      config: { rateLimit: { max: loginRatePerMinute, timeWindow: '1 minute' } },
    },
    async (request) => auth.login(request.body, request.ip),
  );

  app.register(async (staff) => {
    requireStaff(staff, auth);
    staff.get(
      '/verify',
      {
        schema: {
          tags: ['auth'],
          summary: 'Check the bearer token',
          security: [{ bearer: [] }],
          response: { 200: verifyResponseSchema },
        },
      },
      async (request) => {
        const { sessionId: _sessionId, ...user } = currentStaff(request);
        return { valid: true as const, user };
      },
    );
    staff.post(
      '/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out: the token stops working',
          security: [{ bearer: [] }],
          response: { 200: okBodySchema },
        },
      },
      async (request) => {
        await auth.logout(currentStaff(request).sessionId);
        return { ok: true as const };
      },
    );
  });
};
