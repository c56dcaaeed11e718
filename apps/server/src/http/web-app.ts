import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { renderIndexHtml } from '../web/index-html.ts';
import { registerWebChatFiles } from './web-chat-files.ts';

// Paths that name a built file; an email in a route (/subscription/x/a@b.com) is not one.
const STATIC_FILE = /\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|txt|json|webmanifest)$/i;
const SOURCE_MAP = /\.map$/i;

/**
 * Serves the built single-page app; any non-API path that is not a file gets index.html.
 * Source maps are built but kept private unless `serveSourceMaps` is set.
 */
export function registerWebApp(
  app: FastifyInstance,
  options: {
    webDistDir: string;
    serveSourceMaps: boolean;
    /** The websites allowed to show the web chat's panel (web-chat-files.ts). */
    webChatOrigins: () => Promise<readonly string[]>;
  },
) {
  const { webDistDir } = options;
  const hasWeb = fs.existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    // wildcard: files built after start-up (a rebuild while running) are served too.
    app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz copies (vite.config.ts); compressing on the fly is the fallback.
      preCompressed: true,
      allowedPath: (pathname) => options.serveSourceMaps || !SOURCE_MAP.test(pathname),
      // Built assets have content hashes in their names: browsers may keep them for good.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    registerWebChatFiles(app, { webDistDir, allowedOrigins: options.webChatOrigins });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // A missing file (an old chunk after a deploy) is a 404, not the app shell served as JavaScript.
    const isFile = STATIC_FILE.test(pathname);
    if (isApi || isFile || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send({ message: `Route ${request.method} ${pathname} not found` });
    }
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(await renderIndexHtml(webDistDir, pathname));
  });
}
