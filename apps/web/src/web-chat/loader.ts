// The web chat's loader, /web-chat.js: the one script a business's website pays for up front
// (budget 10 KB gzip, bench/web-chat-size.ts). It reads its own tag's data-key, asks our server for
// the launcher's colour and position, and draws the launcher (launcher.ts). Nothing else loads until
// the visitor opens the chat.
import { languageOf, safeColor } from './color.ts';
import { drawLauncher, type LauncherConfig } from './launcher.ts';

const LOADED = Symbol.for('chatdesk-web-chat');

/** The script tag that loaded this file: `currentScript`, or for a copy run late, the tag by its name. */
function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  return document.querySelector<HTMLScriptElement>('script[data-key][src*="/web-chat.js"]');
}

async function start(): Promise<void> {
  const script = ownScript();
  const key = script?.dataset.key;
  if (!script || !key) return;
  // A snippet pasted twice (a template and a page both include it) draws one launcher: the first
  // copy marks the page before it waits for anything.
  const page = window as unknown as Record<symbol, boolean>;
  if (page[LOADED]) return;
  page[LOADED] = true;
  const origin = new URL(script.src, location.href).origin;
  // Our origin answers this from another site only when this page's origin is an allowed one; a
  // site not on the list (or a chat switched off) gets no launcher at all.
  const response = await fetch(`${origin}/api/web-chat/config?key=${encodeURIComponent(key)}`, {
    credentials: 'omit',
  });
  if (!response.ok) return;
  const config = (await response.json()) as LauncherConfig;
  config.color = safeColor(config.color);
  // An async script in <head> can finish before the body is parsed.
  if (!document.body) await new Promise((resolve) => addEventListener('DOMContentLoaded', resolve));
  const container = document.createElement('chatdesk-web-chat');
  document.body.append(container);
  drawLauncher({ container, config, origin, key, language: languageOf(navigator.language) });
}

start().catch(() => {
  // Offline or our server down: the host page goes on without a launcher.
});
