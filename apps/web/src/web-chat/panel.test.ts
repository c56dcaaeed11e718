import { WEB_CHAT_MESSAGES } from '@chatdesk/contract/web-chat-rules';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import html from './panel.html?raw';

// The panel page as the browser gets it (its HTML, then its script), against a small stand-in for
// the visitor API: what the e2e cannot reach quickly (nobody online, the message box's keys).
const body = html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'));

type Call = { method: string; path: string; body: unknown; session: string | null };

type FakeOptions = {
  online: boolean;
  /** How the stream answers: never (the default), 401 for an earlier session, or open. */
  stream?: 'pending' | 'unauthorized' | 'open';
  conversation?: unknown;
  /** Whether the server can send a number's code, and how. */
  phoneChannel?: 'whatsapp' | 'sms';
  /** How the server answers a request for a number's code. */
  phoneCode?: { status: number; message: string };
};

function fakeApi(options: FakeOptions) {
  const calls: Call[] = [];
  let stored = 0;
  const reply = (status: number, data?: unknown) =>
    new Response(data === undefined ? null : JSON.stringify(data), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://chat.test');
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    calls.push({
      method,
      path: url.pathname,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      session: headers.get('X-Web-Chat-Session'),
    });
    if (url.pathname.endsWith('/config'))
      return reply(200, {
        businessName: 'Peluquería Ana',
        greeting: 'Hola',
        color: '#ffd43b',
        position: 'right',
        privacyNote: '',
        online: options.online,
        phoneVerification: Boolean(options.phoneChannel),
        phoneChannel: options.phoneChannel ?? null,
      });
    if (url.pathname.endsWith('/phone-verification') && options.phoneCode)
      return reply(options.phoneCode.status, { message: options.phoneCode.message });
    if (url.pathname.endsWith('/sessions')) return reply(201, { sessionId: 'session-1' });
    if (url.pathname.endsWith('/stream')) {
      // The server ended every session but the one it makes now.
      if (options.stream === 'unauthorized' && headers.get('X-Web-Chat-Session') !== 'session-1')
        return reply(401, { message: WEB_CHAT_MESSAGES.sessionExpired });
      if (options.stream === 'open')
        return new Response(new ReadableStream({ start() {} }), {
          status: 200,
          headers: { 'content-type': 'text/event-stream' },
        });
      return new Promise<Response>(() => {});
    }
    if (url.pathname.endsWith('/conversation') && options.conversation)
      return reply(200, options.conversation);
    if (url.pathname.endsWith('/messages')) {
      const { text } = JSON.parse(String(init.body)) as { text: string };
      stored += 1;
      return reply(201, { id: `m${stored}`, from: 'visitor', text, timestamp: new Date().toISOString() });
    }
    if (url.pathname.endsWith('/reply-to')) {
      const { contact } = JSON.parse(String(init.body)) as { contact: string };
      if (!/\d{7}/.test(contact.replace(/\D/g, '')) && !contact.includes('@'))
        // As the server words a refused field: the field's name, and the bare message in `errors`.
        return reply(400, {
          message: 'contact: Enter an email address or a WhatsApp number',
          errors: [{ field: 'contact', message: 'Enter an email address or a WhatsApp number' }],
        });
      return reply(200, { replyTo: contact });
    }
    return reply(404, { message: 'not here' });
  });
  return { fetch, calls };
}

let language: MockInstance<() => string> | undefined;

async function openPanel(online: boolean, options: Omit<FakeOptions, 'online'> = {}) {
  const api = fakeApi({ online, ...options });
  vi.stubGlobal('fetch', api.fetch);
  // The visitor's browser is Spanish (jsdom's is English).
  language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('es-ES');
  window.history.replaceState(null, '', '/web-chat/panel?key=k1');
  document.body.innerHTML = body;
  vi.resetModules();
  await import('./panel.ts');
  await vi.waitFor(() => expect(document.getElementById('business')?.textContent).toBe('Peluquería Ana'));
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  return { ...api, byId };
}

const typeAndPress = (box: HTMLTextAreaElement, text: string, key: { shiftKey?: boolean } = {}) => {
  box.value = text;
  box.dispatchEvent(new Event('input'));
  box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, ...key }));
};

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  language?.mockRestore();
  document.body.innerHTML = '';
});

describe('the web chat panel', () => {
  it('says a person will answer when nobody is online and keeps where to reply, or says what is wrong', async () => {
    const { byId, calls } = await openPanel(false);
    expect(byId('offline').hidden).toBe(false);
    expect(byId('offline-text').textContent).toContain('una persona te responderá');
    const contact = byId<HTMLInputElement>('reply-to');
    contact.value = 'mañana';
    byId<HTMLFormElement>('reply-to-form').requestSubmit();
    await vi.waitFor(() =>
      expect(byId('reply-to-status').textContent).toBe('Escribe un email o un número de WhatsApp.'),
    );
    expect(contact.getAttribute('aria-invalid')).toBe('true');
    contact.value = '+34 600 111 222';
    byId<HTMLFormElement>('reply-to-form').requestSubmit();
    await vi.waitFor(() =>
      expect(byId('reply-to-status').textContent).toBe('Te responderemos en +34 600 111 222.'),
    );
    // The session was made for it, and only its opaque id is kept.
    expect(calls.filter((call) => call.path.endsWith('/sessions'))).toHaveLength(1);
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', session: 'session-1' });
    expect(Object.entries(localStorage)).toEqual([['chatdesk-web-chat:k1', 'session-1']]);
  });

  it('hides the offline line while someone is online, and makes no session before the visitor writes', async () => {
    const { byId, calls } = await openPanel(true);
    expect(byId('offline').hidden).toBe(true);
    expect(byId('status').textContent).toBe('En línea');
    expect(calls.map((call) => call.path)).toEqual(['/api/web-chat/config']);
  });

  it('sends on Enter, adds a line on Shift+Enter, and refuses more than 4,096 characters', async () => {
    const { byId, calls } = await openPanel(true);
    const box = byId<HTMLTextAreaElement>('message');
    typeAndPress(box, 'Primera línea', { shiftKey: true });
    expect(calls.some((call) => call.path.endsWith('/messages'))).toBe(false);

    typeAndPress(box, 'x'.repeat(4097));
    expect(byId('message-error').textContent).toBe('Un mensaje puede tener como máximo 4.096 caracteres.');
    expect(calls.some((call) => call.path.endsWith('/messages'))).toBe(false);

    typeAndPress(box, '  ¿Tenéis hueco el sábado?  ');
    await vi.waitFor(() => expect(byId('messages').textContent).toContain('¿Tenéis hueco el sábado?'));
    expect(calls.find((call) => call.path.endsWith('/messages'))?.body).toEqual({
      text: '¿Tenéis hueco el sábado?',
    });
    expect(box.value).toBe('');
    expect(byId('messages').querySelector('.author')?.textContent).toBe('Tú');
  });

  it('forgets a session the server ended, says so, and the next message starts a new conversation', async () => {
    localStorage.setItem('chatdesk-web-chat:k1', 'old-session');
    const { byId, calls } = await openPanel(true, { stream: 'unauthorized' });
    await vi.waitFor(() =>
      expect(byId('notice').textContent).toBe(
        'Tu conversación anterior ha terminado. Lo que escribas empezará una nueva.',
      ),
    );
    expect(calls.find((call) => call.path.endsWith('/stream'))?.session).toBe('old-session');
    expect(Object.entries(localStorage)).toEqual([]);

    typeAndPress(byId<HTMLTextAreaElement>('message'), 'Hola otra vez');
    await vi.waitFor(() => expect(byId('messages').textContent).toContain('Hola otra vez'));
    expect(calls.filter((call) => call.path.endsWith('/sessions'))).toHaveLength(1);
    expect(calls.find((call) => call.path.endsWith('/messages'))?.session).toBe('session-1');
  });

  it('asks the visitor to verify again when their verification lapsed', async () => {
    localStorage.setItem('chatdesk-web-chat:k1', 'old-session');
    const { byId } = await openPanel(true, {
      stream: 'open',
      conversation: { messages: [], verifiedEmail: null, verificationLapsed: true, replyTo: null },
    });
    await vi.waitFor(() =>
      expect(byId('notice').textContent).toBe(
        'Tu verificación ha caducado. Verifica tu email otra vez para consultar, cancelar o cambiar tus citas.',
      ),
    );
    expect(byId('verify-toggle').hidden).toBe(false);
    expect(byId('verified').hidden).toBe(true);
  });

  it('offers WhatsApp only when the server can send its code, and asks for the number with its prefix there', async () => {
    const emailOnly = await openPanel(true);
    expect(emailOnly.byId('verify-by').hidden).toBe(true);
    expect(emailOnly.byId('verify-toggle').textContent).toBe('Verificar tu email');
    document.body.innerHTML = '';

    const { byId } = await openPanel(true, { phoneChannel: 'whatsapp' });
    expect(byId('verify-by').hidden).toBe(false);
    expect(byId('verify-toggle').textContent).toBe('Verificar tu email o WhatsApp');
    const whatsapp = byId('verify-by').querySelector<HTMLInputElement>('input[value="phone"]')!;
    whatsapp.checked = true;
    whatsapp.dispatchEvent(new Event('change', { bubbles: true }));
    expect(byId('email-label').textContent).toBe('Número de WhatsApp, con prefijo (+34…)');
    expect(byId<HTMLInputElement>('email').type).toBe('tel');
    expect(byId<HTMLInputElement>('email').autocomplete).toBe('tel');
  });

  it('by SMS, names the channel as a text message, sends the panel’s language', async () => {
    const { byId, calls } = await openPanel(true, {
      phoneChannel: 'sms',
      phoneCode: { status: 202, message: WEB_CHAT_MESSAGES.smsCodeSent },
    });
    expect(byId('verify-toggle').textContent).toBe('Verificar tu email o teléfono');
    expect(byId('phone-option').textContent).toBe('SMS');
    const phone = byId('verify-by').querySelector<HTMLInputElement>('input[value="phone"]')!;
    phone.checked = true;
    phone.dispatchEvent(new Event('change', { bubbles: true }));
    expect(byId('email-label').textContent).toBe('Número de móvil, con prefijo (+34…)');
    byId<HTMLInputElement>('email').value = '+34 644 555 666';
    byId<HTMLFormElement>('email-form').requestSubmit();
    await vi.waitFor(() =>
      expect(byId('code-sent').textContent).toBe(
        'Te hemos enviado un código por SMS al +34 644 555 666. Caduca en 10 minutos.',
      ),
    );
    expect(calls.find((call) => call.path.endsWith('/phone-verification'))?.body).toEqual({
      phone: '+34 644 555 666',
      language: 'es',
    });
  });

  it('a code that could not be sent (503) says so in the visitor’s words, not "something went wrong"', async () => {
    const { byId } = await openPanel(true, {
      phoneChannel: 'sms',
      phoneCode: { status: 503, message: WEB_CHAT_MESSAGES.phoneCodeNotSent },
    });
    const phone = byId('verify-by').querySelector<HTMLInputElement>('input[value="phone"]')!;
    phone.checked = true;
    phone.dispatchEvent(new Event('change', { bubbles: true }));
    byId<HTMLInputElement>('email').value = '+34 644 555 666';
    byId<HTMLFormElement>('email-form').requestSubmit();
    await vi.waitFor(() =>
      expect(byId('email-error').textContent).toBe(
        'Ahora mismo no se ha podido enviar el código. Inténtalo dentro de un momento o usa tu email.',
      ),
    );
    expect(byId('code-form').hidden).toBe(true);
  });
});
