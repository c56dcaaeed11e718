import fs from 'node:fs/promises';
import path from 'node:path';
import { PREMIUM_PRICE_ALIAS } from '@chatdesk/contract/subscriptions';

type ManifestChunk = { file: string; name?: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

type PageHint = {
  path: RegExp;
  /**
   * What the page renders with: source modules (Vite manifest keys) or the names of chunks
   * the web build groups by hand (in apps/web/vite.config.ts).
   */
  modules: string[];
  /** API reads the page starts with, from the path's captures. */
  data: (match: RegExpMatchArray) => string[];
};

// Usernames as the employees contract allows them, so they are safe in an HTML attribute.
const USERNAME = '([A-Za-z0-9._-]+)';

/**
 * Public pages a visitor often opens on a phone from a link. Their HTML names every chunk,
 * stylesheet and API read the page needs, so the browser fetches them in parallel instead of
 * discovering them one lazy import at a time.
 */
const PAGE_HINTS: PageHint[] = [
  {
    path: new RegExp(`^/schedule/${USERNAME}/?$`),
    modules: ['public'],
    data: (match) => [`/api/schedule/${match[1]}`],
  },
  {
    path: new RegExp(`^/subscription/${USERNAME}(?:/[^/]+)?/?$`),
    modules: ['public', 'subscribe'],
    data: (match) => [
      `/api/schedule/${match[1]}`,
      '/api/payments/config',
      `/api/payments/price/${PREMIUM_PRICE_ALIAS}`,
    ],
  },
  {
    // "Anyone available": the business's services, then a lazy page on top of the public chunk.
    path: /^\/book\/?$/,
    modules: ['public', 'src/features/book/book-page.tsx'],
    data: () => ['/api/book/services'],
  },
  {
    // The customer's private link, from a confirmation email or a reminder: its token is hex.
    path: /^\/booking\/([0-9a-f]{32,128})\/?$/,
    modules: ['public', 'src/features/manage-booking/manage-booking-page.tsx'],
    data: (match) => [`/api/booking/${match[1]}`],
  },
];

/** Chunks the page needs beyond those the HTML already loads (the entry and its imports). */
function chunksOf(manifest: Manifest, modules: string[]) {
  const seen = new Set<string>();
  const alreadyLoaded = new Set<string>();
  const mark = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) mark(imported, into);
  };
  const keyOf = (module: string) =>
    manifest[module]
      ? module
      : Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key]!.name === module);
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) mark(key, alreadyLoaded);
  for (const module of modules) {
    const key = keyOf(module);
    if (key) mark(key, seen);
  }
  const chunks = [...seen].filter((key) => !alreadyLoaded.has(key)).map((key) => manifest[key]!);
  return {
    scripts: chunks.map((chunk) => `/${chunk.file}`),
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
  };
}

function hintTags(manifest: Manifest, hint: PageHint, match: RegExpMatchArray): string {
  const { scripts, styles } = chunksOf(manifest, hint.modules);
  return [
    ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...hint.data(match).map((href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`),
  ].join('');
}

async function readManifest(webDistDir: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    // A build without a manifest still works, without the hints.
    return null;
  }
}

/**
 * The single-page app's HTML for a path. Read on every request (a few KB), so a rebuild while
 * the server runs is picked up like the static files are.
 */
export async function renderIndexHtml(webDistDir: string, pathname: string): Promise<string> {
  const html = await fs.readFile(path.join(webDistDir, 'index.html'), 'utf8');
  for (const hint of PAGE_HINTS) {
    const match = pathname.match(hint.path);
    if (!match) continue;
    const manifest = await readManifest(webDistDir);
    return manifest ? html.replace('</head>', `${hintTags(manifest, hint, match)}</head>`) : html;
  }
  return html;
}
