import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The public booking page's own code and everything it imports statically (its Mantine
// components and icons among them) ship as one chunk. Split by module, a phone fetched some
// fifty small files for it, one connection round trip after another. The subscribe page adds
// one chunk of its own to that. apps/server/src/web/index-html.ts names these chunks.
const PUBLIC_PAGES = /[\\/]src[\\/](app[\\/]public-shell|features[\\/]schedule[\\/]schedule-page)\.tsx$/;
const SUBSCRIBE_PAGE = /[\\/]src[\\/]features[\\/]subscribe[\\/]subscribe-page\.tsx$/;
// React, the router and TanStack Query: every page needs them, staff and public alike.
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies next to each file, at the best level, once per build: the server sends
    // them as they are instead of compressing every response again (apps/server/src/app.ts).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 1024,
      exclude: /(manifest\.json|\.map)$/,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps for the error tracker and for debugging a production build, but not referenced
    // from the files and not served publicly (the server refuses .map unless SERVE_SOURCE_MAPS=true).
    sourcemap: 'hidden',
    // The server reads it to let public pages ask for their chunks straight from the HTML.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 4 },
            // What the entry loads itself stays with it, so staff pages never load the public chunk.
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'public', test: PUBLIC_PAGES, priority: 2 },
            { name: 'subscribe', test: SUBSCRIBE_PAGE, priority: 1 },
          ],
        },
      },
    },
  },
});
