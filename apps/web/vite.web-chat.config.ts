import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The web chat's two files, built after the dashboard (vite.config.ts) into the same dist folder,
// which the server serves (apps/server/src/http/web-chat-files.ts), each as its own build so that
// neither shares a chunk with the dashboard or with the other:
// - `--mode loader`: /web-chat.js, one classic script (IIFE) a business's website includes; its
//   name cannot carry a hash (the snippet names it), so the server gives it a short cache.
// - `--mode panel`: /web-chat/panel.html with its script and stylesheet under assets/ (hashed).
// Budgets, 10 KB and 60 KB gzip: bench/web-chat-size.ts.
const source = (file: string) => fileURLToPath(new URL(`src/web-chat/${file}`, import.meta.url));

const shared: UserConfig = {
  publicDir: false,
  plugins: [
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 1024,
      exclude: /\.map$/,
      logLevel: 'silent',
    }),
  ],
};

const loader: UserConfig = {
  ...shared,
  build: {
    outDir: fileURLToPath(new URL('dist', import.meta.url)),
    emptyOutDir: false,
    sourcemap: 'hidden',
    lib: {
      entry: source('loader.ts'),
      formats: ['iife'],
      name: 'chatdeskWebChat',
      fileName: () => 'web-chat.js',
    },
  },
};

const panel: UserConfig = {
  ...shared,
  // The page's path under dist/ is its path under root: dist/web-chat/panel.html.
  root: fileURLToPath(new URL('src', import.meta.url)),
  base: '/',
  build: {
    outDir: fileURLToPath(new URL('dist', import.meta.url)),
    emptyOutDir: false,
    sourcemap: 'hidden',
    // The page has one script and no lazy chunks: the preload polyfill would be weight for nothing.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: source('panel.html'),
      output: {
        entryFileNames: 'assets/web-chat-panel-[hash].js',
        chunkFileNames: 'assets/web-chat-panel-[name]-[hash].js',
        assetFileNames: 'assets/web-chat-panel-[hash][extname]',
      },
    },
  },
};

export default defineConfig(({ mode }) => (mode === 'loader' ? loader : panel));
