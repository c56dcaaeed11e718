import { DEMO_CREDENTIALS } from '@chatdesk/contract/constants';
import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentStaff, requireStaff } from '../../http/auth.ts';
import { route } from '../../http/endpoint.ts';
import { addressKey } from '../../lib/ip-address.ts';
import type { AuthService } from './auth.service.ts';
import { KNOWN_DEVICE_COOKIE, knownDeviceSetCookie, readCookie } from './known-device.ts';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  demoLogin: boolean;
  loginRatePerMinute: number;
}> = async (app, { auth, demoLogin, loginRatePerMinute }) => {
  route(app, endpoints.auth.config, { tags, summary: 'What the sign-in page shows' }, async () => ({
    demo: demoLogin ? { ...DEMO_CREDENTIALS } : null,
  }));

  route(
    app,
    endpoints.auth.login,
    {
      tags,
      summary: 'Sign in',
      config: {
        rateLimit: {
          max: loginRatePerMinute,
          timeWindow: '1 minute',
          keyGenerator: (request) => addressKey(request.ip),
        },
      },
    },
    async (request, reply) => {
      const { token, device } = await auth.login(request.body, {
        ip: request.ip,
        device: readCookie(request.headers.cookie, KNOWN_DEVICE_COOKIE),
      });
      // The browser keeps it and sends it with its next sign-in, sparing its owner the account's delay.
      reply.header('set-cookie', knownDeviceSetCookie(device, request.protocol === 'https'));
      return { token };
    },
  );

  app.register(async (staff) => {
    requireStaff(staff, auth);
    const security = [{ bearer: [] }];
    route(
      staff,
      endpoints.auth.verify,
      { tags, security, summary: 'Check the bearer token' },
      async (request) => {
        const { sessionId: _sessionId, ...user } = currentStaff(request);
        return { valid: true as const, user };
      },
    );
    route(
      staff,
      endpoints.auth.logout,
      { tags, security, summary: 'Sign out: the token stops working' },
      async (request) => {
        await auth.logout(currentStaff(request).sessionId);
        return { ok: true as const };
      },
    );
  });
};
