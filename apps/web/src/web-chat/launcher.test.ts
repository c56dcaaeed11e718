import { afterEach, describe, expect, it } from 'vitest';
import { drawLauncher } from './launcher.ts';
import { PANEL_MESSAGE } from './messages.ts';

const ORIGIN = 'https://chat.example.com';

function draw(language: 'es' | 'en' = 'es') {
  const container = document.createElement('chatdesk-web-chat');
  document.body.append(container);
  const root = drawLauncher({
    container,
    config: { businessName: 'Peluquería Ana', color: '#ffd43b', position: 'left' },
    origin: ORIGIN,
    key: 'k 1',
    language,
  });
  const button = root.querySelector('button')!;
  return { container, root, button, frame: () => root.querySelector('iframe') };
}

/** jsdom gives an iframe in a shadow root no window: the panel's window, as far as the launcher sees it. */
function fakePanelWindow(frame: HTMLIFrameElement) {
  const received: unknown[] = [];
  const panel = { postMessage: (message: unknown) => received.push(message) } as unknown as Window;
  Object.defineProperty(frame, 'contentWindow', { value: panel });
  return { panel, received };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the web chat launcher', () => {
  it('is a named button in a closed shadow root, in the visitor language, loading nothing before a click', () => {
    const { container, root, button, frame } = draw();
    expect(container.shadowRoot).toBeNull();
    expect(button.getAttribute('aria-label')).toBe('Chat con Peluquería Ana');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(frame()).toBeNull();
    // The business colour is light: the icon is dark, and the side is the configured one.
    const css = root.querySelector('style')!.textContent!;
    expect(css).toContain('background:#ffd43b;color:#111418');
    expect(css).toContain('left:20px');
    expect(draw('en').button.getAttribute('aria-label')).toBe('Chat with Peluquería Ana');
  });

  it('opens the panel of our origin on the first click, and closes it with Escape, giving focus back', () => {
    const { button, frame } = draw();
    button.click();
    expect(frame()?.getAttribute('src')).toBe(`${ORIGIN}/web-chat/panel?key=k%201`);
    expect(frame()?.title).toBe('Chat de Peluquería Ana');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(frame()?.hidden).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.click();
    expect(frame()?.hidden).toBe(false);
  });

  it('closes when its own panel asks, and ignores the same message from anyone else', () => {
    const { root, button, frame } = draw();
    button.click();
    const { panel } = fakePanelWindow(frame()!);
    const ask = (source: Window | null, origin: string) =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: PANEL_MESSAGE.close }, source, origin }),
      );
    ask(window, ORIGIN);
    ask(panel, 'https://evil.example');
    expect(frame()?.hidden).toBe(false);
    ask(panel, ORIGIN);
    expect(frame()?.hidden).toBe(true);
    expect(root.activeElement).toBe(button);
  });

  it('keeps only a well-formed session id for a panel refused its own storage, and hands it back', () => {
    const { button, frame } = draw();
    button.click();
    const { panel, received: answers } = fakePanelWindow(frame()!);
    const tell = (data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, source: panel, origin: ORIGIN }));
    tell({ type: PANEL_MESSAGE.askSession });
    tell({ type: PANEL_MESSAGE.keepSession, id: 'abc_DEF-123' });
    tell({ type: PANEL_MESSAGE.askSession });
    tell({ type: PANEL_MESSAGE.keepSession, id: '<script>' });
    tell({ type: PANEL_MESSAGE.askSession });
    expect(answers).toEqual([
      { type: PANEL_MESSAGE.session, id: null },
      { type: PANEL_MESSAGE.session, id: 'abc_DEF-123' },
      { type: PANEL_MESSAGE.session, id: null },
    ]);
    expect(Object.keys(localStorage)).toEqual([]);
  });
});
