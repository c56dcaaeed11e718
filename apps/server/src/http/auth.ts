import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService, StaffPrincipal } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffPrincipal | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Every route of this scope answers 401 without a live staff token. */
export function requireStaff(scope: FastifyInstance, auth: AuthService) {
  scope.addHook('onRequest', async (request) => {
    request.staff = await auth.authenticate(bearerToken(request));
  });
}

export function currentStaff(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new Error('currentStaff() used on a route outside the staff scope');
  return request.staff;
}
