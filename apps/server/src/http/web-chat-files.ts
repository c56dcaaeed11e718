import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The loader's name is fixed by the snippet businesses paste, so it cannot carry a hash: browsers recheck it often. */
const LOADER_MAX_AGE_MS = 5 * 60_000;

/**
 * The panel's own content: its script and stylesheet from our origin, its API calls to our origin,
 * nothing inline, no forms posted anywhere. Who may frame it is added per request.
 */
const PANEL_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
];

/** The panel's Content-Security-Policy: only our own pages and the business's allowed websites may frame it. */
export function panelContentSecurityPolicy(allowedOrigins: readonly string[]): string {
  return [...PANEL_POLICY, ["frame-ancestors 'self'", ...allowedOrigins].join(' ')].join('; ');
}

/**
 * The web chat's two files the browser loads (built by apps/web/vite.web-chat.config.ts into the web
 * build): `/web-chat.js`, the loader a business's website includes from another origin, and
 * `/web-chat/panel`, the page the loader shows in an iframe. The browser enforces the allowed
 * websites (decision 022): the panel's `frame-ancestors` names them, so a site not on the list cannot
 * show it. Registered only when the web app is built (the static plugin serves the files).
 */
export function registerWebChatFiles(
  app: FastifyInstance,
  options: {
    webDistDir: string;
    /** The websites allowed to show the panel (none while the web chat is off). */
    allowedOrigins: () => Promise<readonly string[]>;
  },
) {
  // A script included by another site is a cross-origin, no-cors load: the default
  // `Cross-Origin-Resource-Policy: same-origin` would stop it.
  app.get(
    '/web-chat.js',
    { schema: { hide: true }, helmet: { crossOriginResourcePolicy: { policy: 'cross-origin' } } },
    (_request, reply) => reply.sendFile('web-chat.js', { maxAge: LOADER_MAX_AGE_MS }),
  );

  app.get(
    '/web-chat/panel',
    // frame-ancestors replaces X-Frame-Options (which knows no list of origins); the policy is set below.
    { schema: { hide: true }, helmet: { contentSecurityPolicy: false, frameguard: false } },
    async (_request, reply) => {
      let html: string;
      try {
        html = await fs.readFile(path.join(options.webDistDir, 'web-chat', 'panel.html'), 'utf8');
      } catch {
        return reply.status(404).send({ message: 'The web chat panel is not built' });
      }
      // A page with an unknown key says so itself (its config request answers 404).
      const origins = await options.allowedOrigins();
      return (
        reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', panelContentSecurityPolicy(origins))
          // The allowed websites can change at any time: the page is asked for again each time.
          .header('cache-control', 'no-cache')
          .send(html)
      );
    },
  );
}
