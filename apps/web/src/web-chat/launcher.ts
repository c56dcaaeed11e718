// The web chat's launcher, drawn by the loader (loader.ts) on the business's website: a button in
// a closed shadow root, so the host page's CSS does not reach it and its own does not reach the page,
// and, only on the first click, the panel: an iframe of our own origin (decision 022). It holds
// nothing of the conversation; the panel does, on our origin.
import { textColorOn } from './color.ts';
import { PANEL_MESSAGE } from './messages.ts';

export type LauncherConfig = { businessName: string; color: string; position: 'right' | 'left' };

const TEXTS = {
  es: { open: (name: string) => `Chat con ${name}`, panel: (name: string) => `Chat de ${name}` },
  en: { open: (name: string) => `Chat with ${name}`, panel: (name: string) => `${name} chat` },
};

const CHAT_ICON =
  '<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 3C6.5 3 2 6.8 2 11.5c0 2.3 1.1 4.4 2.9 5.9L4 21.5l4.6-2.2c1.1.3 2.2.5 3.4.5 5.5 0 10-3.8 10-8.5S17.5 3 12 3Zm-4.5 9.8a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Zm4.5 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Zm4.5 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Z"/></svg>';
const CLOSE_ICON =
  '<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" d="M6 6l12 12M18 6 6 18"/></svg>';

/**
 * Everything inside the shadow root. `:host { all: initial }` is !important because inside a
 * shadow root an !important rule beats the page's own !important ones on the host element, which
 * is the only element of ours the page's selectors can match; inherited properties (font, colour)
 * stop there too.
 */
function styles(config: LauncherConfig): string {
  const side = config.position === 'left' ? 'left' : 'right';
  return `:host{all:initial!important;display:block!important;position:static!important}
button{all:initial;box-sizing:border-box;position:fixed;bottom:20px;${side}:20px;z-index:2147483000;width:60px;height:60px;border-radius:50%;display:flex;align-items:center;justify-content:center;cursor:pointer;background:${config.color};color:${textColorOn(config.color)};box-shadow:0 4px 14px rgba(0,0,0,.25),0 1px 3px rgba(0,0,0,.2);transition:transform .15s ease}
button:hover{transform:scale(1.06)}
button:focus-visible{outline:3px solid #fff;outline-offset:2px;box-shadow:0 0 0 6px #1d4ed8,0 4px 14px rgba(0,0,0,.25)}
iframe{all:initial;position:fixed;bottom:92px;${side}:20px;z-index:2147483000;width:380px;height:min(640px,calc(100vh - 112px));border:0;border-radius:16px;background:#fff;box-shadow:0 12px 40px rgba(0,0,0,.22),0 2px 8px rgba(0,0,0,.12);color-scheme:normal}
iframe[hidden]{display:none}
@media (max-width:480px){iframe{inset:0;width:100%;height:100%;border-radius:0}}
@media (prefers-reduced-motion:reduce){button{transition:none}}`;
}

/**
 * Draws the launcher for `config` into `container`; the panel loads on the first click. Returns the
 * closed shadow root, for tests: the host page never gets it (`container.shadowRoot` is null).
 */
export function drawLauncher(options: {
  container: HTMLElement;
  config: LauncherConfig;
  origin: string;
  key: string;
  language: 'es' | 'en';
}): ShadowRoot {
  const { container, config, origin, key } = options;
  const texts = TEXTS[options.language];
  const root = container.attachShadow({ mode: 'closed' });
  const style = document.createElement('style');
  style.textContent = styles(config);
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', texts.open(config.businessName));
  button.setAttribute('aria-expanded', 'false');
  button.innerHTML = CHAT_ICON;
  root.append(style, button);

  let frame: HTMLIFrameElement | null = null;
  const isOpen = () => Boolean(frame && !frame.hidden);
  const tellPanel = (message: { type: string; id?: string | null }) =>
    frame?.contentWindow?.postMessage(message, origin);
  // Only for a browser that refuses the panel its own storage: the opaque session id, nothing else.
  const storageKey = `chatdesk-web-chat:${key}`;
  const keptSession = () => {
    try {
      return localStorage.getItem(storageKey);
    } catch {
      return null;
    }
  };
  const keepSession = (id: unknown) => {
    try {
      if (typeof id === 'string' && /^[\w-]{1,100}$/.test(id)) localStorage.setItem(storageKey, id);
      else localStorage.removeItem(storageKey);
    } catch {
      // This page's storage is refused too: the chat lasts as long as the tab.
    }
  };

  const open = () => {
    if (!frame) {
      frame = document.createElement('iframe');
      frame.title = texts.panel(config.businessName);
      frame.src = `${origin}/web-chat/panel?key=${encodeURIComponent(key)}`;
      frame.id = 'panel';
      button.setAttribute('aria-controls', 'panel');
      // Focus moves into the panel once it has loaded; until then it stays on the launcher.
      frame.addEventListener('load', () => {
        if (!isOpen()) return;
        frame?.focus();
        tellPanel({ type: PANEL_MESSAGE.open });
      });
      root.append(frame);
    } else {
      frame.hidden = false;
      frame.focus();
      tellPanel({ type: PANEL_MESSAGE.open });
    }
    button.setAttribute('aria-expanded', 'true');
    button.innerHTML = CLOSE_ICON;
  };
  const close = () => {
    if (!frame || frame.hidden) return;
    frame.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    button.innerHTML = CHAT_ICON;
    button.focus();
  };

  button.addEventListener('click', () => (isOpen() ? close() : open()));
  // Escape while the launcher itself has focus; inside the panel, the panel tells us (below).
  button.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  window.addEventListener('message', (event) => {
    if (!frame || event.source !== frame.contentWindow || event.origin !== origin) return;
    const data = event.data as { type?: unknown; id?: unknown } | null;
    if (data?.type === PANEL_MESSAGE.close) close();
    else if (data?.type === PANEL_MESSAGE.askSession)
      tellPanel({ type: PANEL_MESSAGE.session, id: keptSession() });
    else if (data?.type === PANEL_MESSAGE.keepSession) keepSession(data.id);
  });
  return root;
}
