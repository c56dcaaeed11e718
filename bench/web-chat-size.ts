/**
 * The web chat's byte budgets (issue #26): what a business's website pays for up front, the loader
 * /web-chat.js, at most 10 KB gzip; the panel, its page with every script and stylesheet it loads,
 * at most 60 KB gzip. Reads the built files (apps/web/dist, made by `npm run build`). Run: npm run bench
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LOADER_TARGET_KB = 10;
const PANEL_TARGET_KB = 60;
const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

/** The panel page and every file it loads: its own tags, and what those scripts import in turn. */
function panelFiles(): string[] {
  const files = ['web-chat/panel.html'];
  for (let index = 0; index < files.length; index++) {
    const text = fs.readFileSync(path.join(dist, files[index]!), 'utf8');
    for (const [, name] of text.matchAll(/\/?(assets\/[\w.-]+\.(?:js|css))/g)) {
      if (name && !files.includes(name)) files.push(name);
    }
  }
  return files;
}

for (const file of ['web-chat.js', 'web-chat/panel.html']) {
  if (!fs.existsSync(path.join(dist, file))) {
    console.error(`${path.join(dist, file)} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const loaderKb = gzipKb('web-chat.js');
const panel = panelFiles();
const panelKb = panel.reduce((sum, file) => sum + gzipKb(file), 0);
const loaderOk = loaderKb <= LOADER_TARGET_KB;
const panelOk = panelKb <= PANEL_TARGET_KB;
console.log(
  `${loaderOk ? 'ok  ' : 'OVER'} web chat loader /web-chat.js: ${loaderKb.toFixed(1)} KB gzip (budget ≤ ${LOADER_TARGET_KB} KB)`,
);
console.log(
  `${panelOk ? 'ok  ' : 'OVER'} web chat panel /web-chat/panel: ${panelKb.toFixed(1)} KB gzip in ${panel.length} files, ${panel.join(', ')} (budget ≤ ${PANEL_TARGET_KB} KB)`,
);
process.exitCode = loaderOk && panelOk ? 0 : 1;
