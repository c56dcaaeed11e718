import type { AddressInfo } from 'node:net';
import { WEB_CHAT_MESSAGES } from '@chatdesk/contract/web-chat';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import { ERASED_TEXT } from '../../db/redact.ts';
import {
  appointments,
  chats,
  clients,
  contacts,
  mailOutbox,
  messages,
  webChatSessions,
} from '../../db/schema.ts';
import { sha256 } from './web-chat.service.ts';

// Wednesday 25 November 2026, 10:00 in Madrid; the client's appointment is three weeks later.
const NOW = new Date('2026-11-25T09:00:00Z').getTime();
let offset = 0;
let ticks = 0;
const clock = () => new Date(NOW + offset + ticks++);

const OFF_SETTINGS = {
  enabled: false,
  allowedOrigins: [],
  greeting: 'Hi',
  color: '#228be6',
  position: 'right',
  privacyNote: '',
};

let t: TestContext;
let headers: Record<string, string>;
let key: string;
const MARTA = { phone: '+34 611 223 344', email: 'marta@example.com' };
let marta: { id: string; appointmentId: string };

/** Each visitor on its own network unless a test says otherwise. */
let networks = 0;
const newNetwork = () => `10.${20 + Math.floor(networks / 250)}.${networks++ % 250}.7`;

type Visitor = { sessionId: string; ip: string };

async function newVisitor(ip = newNetwork()): Promise<Visitor> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/web-chat/sessions',
    payload: { key },
    remoteAddress: ip,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { sessionId: response.json().sessionId, ip };
}

const as = (visitor: Visitor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { 'x-web-chat-session': visitor.sessionId },
    remoteAddress: visitor.ip,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const say = (visitor: Visitor, text: string) => as(visitor, 'POST', '/api/web-chat/messages', { text });
const conversation = async (visitor: Visitor) =>
  (await as(visitor, 'GET', '/api/web-chat/conversation')).json();
const assistantSaid = async (visitor: Visitor) =>
  (await conversation(visitor)).messages
    .filter((m: { from: string }) => m.from === 'assistant')
    .map((m: { text: string }) => m.text)
    .join('\n');

/** The code in the newest email to the address, read from the outbox as the mailer would send it. */
async function codeSentTo(email: string) {
  const [row] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return /\b(\d{6})\b/.exec(row?.text ?? '')?.[1];
}

async function verify(visitor: Visitor, email: string) {
  expect((await as(visitor, 'POST', '/api/web-chat/verification', { email })).statusCode).toBe(202);
  const code = await codeSentTo(email);
  return as(visitor, 'POST', '/api/web-chat/verification/confirm', { email, code });
}

const martaAppointment = async () =>
  (await t.db.select().from(appointments).where(eq(appointments.id, marta.appointmentId)))[0]!;

beforeAll(async () => {
  // The local mailbox is asked for, as the e2e servers ask for it.
  t = await buildTestApp({ clock, env: { LOCAL_MAILBOX: 'true' } });
  ({ headers } = await t.signIn());
  const employee = await insertEmployee(t.db, {
    name: 'Carlos Ruiz',
    username: 'carlos-web',
    locations: ['Madrid'],
  });
  const [client] = await t.db
    .insert(clients)
    .values({ name: 'Marta Vidal', ...MARTA, status: 'active', source: 'whatsapp' })
    .returning();
  const appointment = await insertAppointment(t.db, {
    employeeId: employee.id,
    employeeName: 'Carlos Ruiz',
    clientId: client!.id,
    clientName: 'Marta Vidal',
    clientPhone: MARTA.phone,
    clientEmail: MARTA.email,
    localDate: '2026-12-16',
    startTime: '10:00',
    endTime: '10:30',
    startsAt: new Date('2026-12-16T09:00:00Z'),
  });
  marta = { id: client!.id, appointmentId: appointment.id };
  const settings = await t.app.inject({ method: 'GET', url: '/api/web-chat/settings', headers });
  key = settings.json().publicKey;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/web-chat/settings',
    headers,
    payload: {
      enabled: true,
      allowedOrigins: ['https://www.example.com'],
      greeting: 'Hola, ¿en qué te ayudamos?',
      color: '#228be6',
      position: 'right',
      privacyNote: '',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe('web chat settings', () => {
  it('are off by default, with a public key made once', async () => {
    const other = await buildTestApp();
    try {
      const { headers: staff } = await other.signIn();
      const first = (
        await other.app.inject({ method: 'GET', url: '/api/web-chat/settings', headers: staff })
      ).json();
      const again = (
        await other.app.inject({ method: 'GET', url: '/api/web-chat/settings', headers: staff })
      ).json();
      // No PUBLIC_URL: the dashboard's address stands in for the server's in the snippet.
      expect(first).toMatchObject({ enabled: false, allowedOrigins: [], position: 'right', publicUrl: null });
      expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(again.publicKey).toBe(first.publicKey);
      const config = await other.app.inject({
        method: 'GET',
        url: `/api/web-chat/config?key=${first.publicKey}`,
      });
      expect(config.statusCode).toBe(404);
      expect(config.json().message).toBe(WEB_CHAT_MESSAGES.notAvailable);
    } finally {
      await other.close();
    }
  });

  it("name the server's public address (PUBLIC_URL), where the snippet loads the chat from", async () => {
    const other = await buildTestApp({ env: { PUBLIC_URL: 'https://chat.example.com/' } });
    try {
      const { headers: staff } = await other.signIn();
      const read = await other.app.inject({ method: 'GET', url: '/api/web-chat/settings', headers: staff });
      expect(read.json().publicUrl).toBe('https://chat.example.com');
      const saved = await other.app.inject({
        method: 'PUT',
        url: '/api/web-chat/settings',
        headers: staff,
        payload: { ...OFF_SETTINGS, greeting: 'Hola' },
      });
      expect(saved.json().publicUrl).toBe('https://chat.example.com');
    } finally {
      await other.close();
    }
  });

  it('normalise origins and refuse a path, with the message', async () => {
    const put = (allowedOrigins: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/web-chat/settings',
        headers,
        payload: {
          enabled: true,
          allowedOrigins,
          greeting: 'Hi',
          color: '#AA00CC',
          position: 'left',
          privacyNote: '',
        },
      });
    const saved = await put(['https://WWW.Example.com:443/', 'http://localhost:8080']);
    expect(saved.json()).toMatchObject({
      allowedOrigins: ['https://www.example.com', 'http://localhost:8080'],
      color: '#aa00cc',
    });
    const refused = await put(['https://www.example.com/shop']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(WEB_CHAT_MESSAGES.originInvalid);
    await put(['https://www.example.com']);
  });

  it('are for staff only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/web-chat/settings' })).statusCode).toBe(401);
  });
});

describe('a visitor', () => {
  it('gets the config for the key, online while staff use the dashboard', async () => {
    const config = (await t.app.inject({ method: 'GET', url: `/api/web-chat/config?key=${key}` })).json();
    expect(config).toMatchObject({ greeting: 'Hi', position: 'left', color: '#aa00cc', online: true });
    const wrong = await t.app.inject({ method: 'GET', url: '/api/web-chat/config?key=nope' });
    expect(wrong.statusCode).toBe(404);
    offset += 6 * 60_000;
    const later = (await t.app.inject({ method: 'GET', url: `/api/web-chat/config?key=${key}` })).json();
    expect(later.online).toBe(false);
  });

  it('is never told a person is online where WEB_CHAT_ONLINE_MINUTES is 0, however busy the staff', async () => {
    const other = await buildTestApp({ env: { WEB_CHAT_ONLINE_MINUTES: '0' } });
    try {
      const { headers: staff } = await other.signIn();
      const saved = await other.app.inject({
        method: 'PUT',
        url: '/api/web-chat/settings',
        headers: staff,
        payload: { ...OFF_SETTINGS, enabled: true },
      });
      await other.app.inject({ method: 'GET', url: '/api/chats', headers: staff });
      const config = await other.app.inject({
        method: 'GET',
        url: `/api/web-chat/config?key=${saved.json().publicKey}`,
      });
      expect(config.json().online).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('has a session the server keeps only hashed', async () => {
    const visitor = await newVisitor();
    expect(visitor.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(webChatSessions);
    expect(rows.some((row) => row.tokenHash === sha256(visitor.sessionId))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(visitor.sessionId);
  });

  it('needs the session for everything else', async () => {
    for (const [method, url] of [
      ['GET', '/api/web-chat/conversation'],
      ['POST', '/api/web-chat/messages'],
      ['GET', '/api/web-chat/stream'],
      ['GET', '/api/web-chat/export'],
      ['DELETE', '/api/web-chat/conversation'],
    ] as const) {
      const missing = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? { text: 'hola' } : undefined,
      });
      expect(missing.statusCode, url).toBe(401);
      expect(missing.json().message).toBe(WEB_CHAT_MESSAGES.sessionRequired);
      const unknown = await as(
        { sessionId: 'x'.repeat(43), ip: '10.1.1.1' },
        method,
        url,
        method === 'POST' ? { text: 'hola' } : undefined,
      );
      expect(unknown.statusCode, url).toBe(401);
    }
  });

  it('writes to the assistant and staff see a web chat in the inbox, filterable by channel', async () => {
    const visitor = await newVisitor();
    const sent = await say(visitor, '  hola, ¿qué horario tenéis?  ');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ from: 'visitor', text: 'hola, ¿qué horario tenéis?' });
    const seen = await conversation(visitor);
    expect(seen.messages.map((m: { from: string }) => m.from)).toEqual(['visitor', 'assistant']);
    expect(seen.verifiedEmail).toBeNull();

    const web = (await t.app.inject({ method: 'GET', url: '/api/chats?channel=web', headers })).json();
    expect(web.length).toBeGreaterThan(0);
    expect(web.every((chat: { channel: string }) => chat.channel === 'web')).toBe(true);
    expect(web[0]).toMatchObject({ prefix: 'web', clientId: null });
    expect(web[0].phone).toMatch(/^[a-p]{16}$/);
    const whatsapp = (
      await t.app.inject({ method: 'GET', url: '/api/chats?channel=whatsapp', headers })
    ).json();
    expect(whatsapp.some((chat: { channel: string }) => chat.channel === 'web')).toBe(false);
    const bad = await t.app.inject({ method: 'GET', url: '/api/chats?channel=fax', headers });
    expect(bad.statusCode).toBe(400);
  });

  it('gets a staff reply through the conversation (no WhatsApp send)', async () => {
    const visitor = await newVisitor();
    await say(visitor, 'quiero hablar con una persona');
    const [chat] = (await t.app.inject({ method: 'GET', url: '/api/chats?channel=web', headers })).json();
    const chatId = chat.id as string;
    if (chat.assignedTo === 'ai')
      await t.app.inject({ method: 'PUT', url: `/api/chats/${chatId}/toggle-ai`, headers });
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/messages`,
      headers,
      payload: { text: 'Hola, soy Ana. ¿En qué te ayudo?' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().status).toBe('delivered');
    const last = (await conversation(visitor)).messages.at(-1);
    expect(last).toMatchObject({ from: 'staff', text: 'Hola, soy Ana. ¿En qué te ayudo?' });
  });

  it('is refused a message over 4,096 characters or blank, with the message', async () => {
    const visitor = await newVisitor();
    const long = await say(visitor, 'a'.repeat(4097));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(WEB_CHAT_MESSAGES.textTooLong);
    const blank = await say(visitor, '   ');
    expect(blank.statusCode).toBe(400);
    expect((await say(visitor, 'a'.repeat(4096))).statusCode).toBe(201);
  });
});

describe('bad input from a visitor', () => {
  it('is answered 4xx with a message, never 5xx', async () => {
    const visitor = await newVisitor();
    const bodies: unknown[] = [
      'not json',
      [],
      {},
      { text: 5 },
      { text: 'x\u0000y' },
      { email: 'nope' },
      { email: 'a@b.co', code: '12ab56' },
      { contact: '' },
      { contact: 'call me maybe' },
      { key: 42 },
    ];
    for (const url of [
      '/api/web-chat/messages',
      '/api/web-chat/verification',
      '/api/web-chat/verification/confirm',
      '/api/web-chat/sessions',
    ])
      for (const body of bodies) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'x-web-chat-session': visitor.sessionId, 'content-type': 'application/json' },
          remoteAddress: visitor.ip,
          payload: typeof body === 'string' ? body : JSON.stringify(body),
        });
        if (response.statusCode < 300) continue;
        expect(response.statusCode, `${url} ${JSON.stringify(body)}: ${response.body}`).toBeLessThan(500);
        expect(response.json().message).toEqual(expect.any(String));
      }
    const noKey = await t.app.inject({ method: 'GET', url: '/api/web-chat/config' });
    expect(noKey.statusCode).toBe(400);
    const badReplyTo = await as(visitor, 'PUT', '/api/web-chat/reply-to', { contact: 'call me maybe' });
    expect(badReplyTo.statusCode).toBe(400);
    expect(badReplyTo.json().message).toContain(WEB_CHAT_MESSAGES.contactInvalid);
  });
});

describe('identity', () => {
  it("a visitor who only types Marta's number or email sees, cancels and moves nothing", async () => {
    const visitor = await newVisitor();
    for (const text of [
      `soy Marta, mi teléfono es ${MARTA.phone}`,
      `mi email es ${MARTA.email}`,
      '¿cuándo es mi cita?',
    ])
      await say(visitor, text);
    const said = await assistantSaid(visitor);
    expect(said).not.toContain('16');
    expect(said).not.toContain('Carlos Ruiz');
    await say(visitor, 'quiero cancelar mi cita');
    await say(visitor, 'sí');
    await say(visitor, 'me la puedes pasar al 17/12 a las 11:00?');
    await say(visitor, 'sí');
    expect(await martaAppointment()).toMatchObject({ status: 'scheduled', localDate: '2026-12-16' });
    // A reply-to address is kept for staff, and identifies nobody either.
    const replyTo = await as(visitor, 'PUT', '/api/web-chat/reply-to', { contact: MARTA.email });
    expect(replyTo.json()).toEqual({ replyTo: MARTA.email });
    await say(visitor, '¿cuándo es mi cita?');
    expect(await assistantSaid(visitor)).not.toContain('Carlos Ruiz');
    // Staff see it on the chat.
    const [row] = await t.db
      .select()
      .from(webChatSessions)
      .where(eq(webChatSessions.tokenHash, sha256(visitor.sessionId)));
    const chatId = (await t.app.inject({ method: 'GET', url: '/api/chats?channel=web', headers }))
      .json()
      .find((chat: { phone: string }) => chat.phone === row!.phone).id;
    const detail = (await t.app.inject({ method: 'GET', url: `/api/chats/${chatId}`, headers })).json();
    expect(detail).toMatchObject({ replyTo: MARTA.email, clientId: null });
  });

  it('a wrong code is refused and spends a try; five wrong tries end the code', async () => {
    const visitor = await newVisitor();
    await as(visitor, 'POST', '/api/web-chat/verification', { email: MARTA.email });
    const right = await codeSentTo(MARTA.email);
    const wrongCode = right === '000000' ? '111111' : '000000';
    const confirm = (code: string | undefined) =>
      as(visitor, 'POST', '/api/web-chat/verification/confirm', { email: MARTA.email, code });
    const wrong = await confirm(wrongCode);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WEB_CHAT_MESSAGES.codeWrong);
    for (let i = 0; i < 4; i++) await confirm(wrongCode);
    const spent = await confirm(right);
    expect(spent.statusCode).toBe(400);
    expect(spent.json().message).toBe(WEB_CHAT_MESSAGES.codeExpired);
    expect((await conversation(visitor)).verifiedEmail).toBeNull();
  });

  it('a code expires after 10 minutes', async () => {
    const visitor = await newVisitor();
    await as(visitor, 'POST', '/api/web-chat/verification', { email: 'late@example.com' });
    const code = await codeSentTo('late@example.com');
    offset += 10 * 60_000 + 1000;
    const late = await as(visitor, 'POST', '/api/web-chat/verification/confirm', {
      email: 'late@example.com',
      code,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(WEB_CHAT_MESSAGES.codeExpired);
  });

  it('a visitor who proves Marta’s email sees and cancels her appointment; her record lists the chat', async () => {
    const visitor = await newVisitor();
    await say(visitor, 'hola');
    const verified = await verify(visitor, MARTA.email);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ verifiedEmail: MARTA.email });
    expect((await conversation(visitor)).verifiedEmail).toBe(MARTA.email);

    await say(visitor, '¿cuándo es mi cita?');
    expect(await assistantSaid(visitor)).toContain('Carlos Ruiz');
    await say(visitor, 'quiero cancelar mi cita');
    await say(visitor, 'sí');
    expect((await martaAppointment()).status).toBe('cancelled');

    const chatId = (await t.db.select().from(chats).where(eq(chats.simulatedClientId, marta.id)))[0]!.id;
    const client = (await t.app.inject({ method: 'GET', url: `/api/clients/${marta.id}`, headers })).json();
    expect(client.chatId).toBe(chatId);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/chats?channel=web', headers })).json();
    expect(listed.find((chat: { id: string }) => chat.id === chatId)?.clientId).toBe(marta.id);
  });
});

describe('limits', () => {
  it("one visitor's flood is refused to them alone", async () => {
    const flooder = await newVisitor();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await say(flooder, `spam ${i}`)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    const refused = await say(flooder, 'more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(WEB_CHAT_MESSAGES.tooManyRequests);
    const other = await newVisitor();
    expect((await say(other, 'hola')).statusCode).toBe(201);
    expect(await assistantSaid(other)).not.toBe('');
  });

  it('codes are limited per destination address, whichever visitor asks', async () => {
    const email = 'target@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const visitor = await newVisitor();
      statuses.push((await as(visitor, 'POST', '/api/web-chat/verification', { email })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const other = await newVisitor();
    expect(
      (await as(other, 'POST', '/api/web-chat/verification', { email: 'someone@example.com' })).statusCode,
    ).toBe(202);
  });

  it('sessions and messages are limited per network', async () => {
    const limited = await buildTestApp({ env: { WEB_CHAT_NETWORK_LIMIT_PER_MINUTE: '3' } });
    try {
      const { headers: staff } = await limited.signIn();
      const { publicKey } = (
        await limited.app.inject({ method: 'GET', url: '/api/web-chat/settings', headers: staff })
      ).json();
      await limited.app.inject({
        method: 'PUT',
        url: '/api/web-chat/settings',
        headers: staff,
        payload: {
          enabled: true,
          allowedOrigins: [],
          greeting: 'Hi',
          color: '#228be6',
          position: 'right',
          privacyNote: '',
        },
      });
      const open = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/web-chat/sessions',
          payload: { key: publicKey },
          remoteAddress: ip,
        });
      const statuses = [];
      for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'])
        statuses.push((await open(ip)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect((await open('198.51.100.1')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('the stream', () => {
  it("sends the visitor's chat only, and replays after Last-Event-ID", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const visitor = await newVisitor();
    const stranger = await newVisitor();
    const controller = new AbortController();
    const response = await fetch(`${base}/api/web-chat/stream`, {
      headers: { 'x-web-chat-session': visitor.sessionId },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const until = async (predicate: (text: string) => boolean) => {
      while (!predicate(received)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended: ${received}`);
        received += value;
      }
    };
    await until((text) => text.includes('event: ready'));
    await say(stranger, 'mensaje de otra persona');
    await say(visitor, 'hola desde la web');
    await until((text) => /event: message\ndata: .*"from":"assistant"/.test(text));
    expect(received).toContain('hola desde la web');
    expect(received).not.toContain('otra persona');
    const ids = [...received.matchAll(/^id: (.+)$/gm)].map((match) => match[1]);
    expect(ids).toHaveLength(2);
    controller.abort();

    const replay = await fetch(`${base}/api/web-chat/stream`, {
      headers: { 'x-web-chat-session': visitor.sessionId, 'last-event-id': ids[0]! },
    });
    const replayReader = replay.body!.pipeThrough(new TextDecoderStream()).getReader();
    let replayed = '';
    while (!replayed.includes(`id: ${ids[1]}`)) replayed += (await replayReader.read()).value ?? '';
    expect(replayed).not.toContain(`id: ${ids[0]}`);
    await replayReader.cancel();
  });
});

describe('privacy', () => {
  it('the visitor downloads their conversation and deletes it; the session then ends', async () => {
    const visitor = await newVisitor();
    await say(visitor, 'mi secreto es 1234');
    const download = await as(visitor, 'GET', '/api/web-chat/export');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.json().messages[0]).toMatchObject({ from: 'visitor', text: 'mi secreto es 1234' });
    const chatId = (await t.db.select().from(messages).where(eq(messages.text, 'mi secreto es 1234')))[0]!
      .chatId;

    const removed = await as(visitor, 'DELETE', '/api/web-chat/conversation');
    expect(removed.statusCode).toBe(204);
    const left = await t.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((message) => message.text === ERASED_TEXT)).toBe(true);
    expect((await as(visitor, 'GET', '/api/web-chat/conversation')).statusCode).toBe(401);
  });

  it("a client's erasure erases their verified web chats and forgets the verification", async () => {
    const [client] = await t.db
      .insert(clients)
      .values({
        name: 'Pau Soler',
        phone: '+34 622 000 111',
        email: 'pau@example.com',
        status: 'active',
        source: 'whatsapp',
      })
      .returning();
    const visitor = await newVisitor();
    await verify(visitor, 'pau@example.com');
    await say(visitor, 'soy Pau, vivo en la calle Mayor 5');
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${client!.id}/erase`,
      headers,
      payload: { confirm: 'Pau Soler' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(
      (await conversation(visitor)).messages.every((m: { text: string }) => m.text === ERASED_TEXT),
    ).toBe(true);
    expect((await conversation(visitor)).verifiedEmail).toBeNull();
  });
});

describe('the local mailbox', () => {
  it('shows the newest email to an address when asked for and no SMTP is configured', async () => {
    const visitor = await newVisitor();
    await as(visitor, 'POST', '/api/web-chat/verification', { email: 'box@example.com' });
    const latest = await t.app.inject({ method: 'GET', url: '/api/mail/local/latest?to=box@example.com' });
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toMatchObject({
      to: 'box@example.com',
      subject: WEB_CHAT_MESSAGES.codeEmailSubject,
    });
    expect(latest.json().text).toMatch(/\b\d{6}\b/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/mail/local/latest?to=none@example.com' })).statusCode,
    ).toBe(404);
  });

  it('does not exist unless asked for, nor with SMTP configured, nor in production', async () => {
    // Not by default: on an install anyone can reach, it would hand out the codes that prove an address.
    const envs: Record<string, string>[] = [
      {},
      { LOCAL_MAILBOX: 'true', SMTP_URL: 'smtp://127.0.0.1:1' },
      { LOCAL_MAILBOX: 'true', NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) },
    ];
    for (const env of envs) {
      const other = await buildTestApp({ env });
      try {
        const response = await other.app.inject({
          method: 'GET',
          url: '/api/mail/local/latest?to=a@example.com',
        });
        expect(response.statusCode, JSON.stringify(env)).toBe(404);
        expect(response.json().message).not.toBe('No email to this address');
      } finally {
        await other.close();
      }
    }
  });
});

describe('expiry (decision 022)', () => {
  const DAY = 24 * 60 * 60_000;
  const sessionRow = async (visitor: Visitor) =>
    (
      await t.db
        .select()
        .from(webChatSessions)
        .where(eq(webChatSessions.tokenHash, sha256(visitor.sessionId)))
    )[0];
  // Read from the table (staff's own sign-in does not outlive the month these tests move through).
  const chatOfVisitor = async (visitor: Visitor) => {
    const row = await sessionRow(visitor);
    const [found] = await t.db
      .select({ chat: chats })
      .from(chats)
      .innerJoin(contacts, eq(contacts.id, chats.contactId))
      .where(and(eq(contacts.prefix, 'web'), eq(contacts.phone, row!.phone)));
    return found!.chat;
  };
  const lastAssistantMessage = async (visitor: Visitor) =>
    (await conversation(visitor)).messages.filter((m: { from: string }) => m.from === 'assistant').at(-1)
      ?.text as string;

  let lia: { id: string };
  beforeAll(async () => {
    const employee = await insertEmployee(t.db, {
      name: 'Nuria Gil',
      username: 'nuria-web',
      locations: ['Madrid'],
    });
    const [client] = await t.db
      .insert(clients)
      .values({
        name: 'Lía Moreno',
        phone: '+34 633 444 555',
        email: 'lia@example.com',
        status: 'active',
        source: 'whatsapp',
      })
      .returning();
    lia = { id: client!.id };
    await insertAppointment(t.db, {
      employeeId: employee.id,
      employeeName: 'Nuria Gil',
      clientId: client!.id,
      clientName: 'Lía Moreno',
      clientPhone: '+34 633 444 555',
      clientEmail: 'lia@example.com',
      localDate: '2027-06-16',
      startTime: '10:00',
      endTime: '10:30',
      startsAt: new Date('2027-06-16T08:00:00Z'),
    });
  });

  it('a session unused for 30 days is refused with its message and deleted by the hourly clean-up; one in use lasts', async () => {
    const idle = await newVisitor();
    expect((await say(idle, 'hola')).statusCode).toBe(201);
    const busy = await newVisitor();
    offset += 29 * DAY;
    expect((await say(busy, 'sigo aquí')).statusCode).toBe(201);
    offset += DAY + 60_000;

    const expired = await as(idle, 'GET', '/api/web-chat/conversation');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: WEB_CHAT_MESSAGES.sessionExpired });
    expect((await say(idle, 'otra vez')).statusCode).toBe(401);
    expect((await as(busy, 'GET', '/api/web-chat/conversation')).statusCode).toBe(200);

    const idlePhone = (await sessionRow(idle))!.phone;
    const purged = await t.app.services.webChat.forgetIdle();
    expect(purged.deleted).toBeGreaterThanOrEqual(1);
    expect(await sessionRow(idle)).toBeUndefined();
    expect(await sessionRow(busy)).toBeDefined();
    expect((await as(idle, 'GET', '/api/web-chat/conversation')).json()).toEqual({
      message: WEB_CHAT_MESSAGES.sessionRequired,
    });
    // The chat stays in the inbox, as any chat does.
    const [chat] = await t.db
      .select({ id: chats.id })
      .from(chats)
      .innerJoin(contacts, eq(contacts.id, chats.contactId))
      .where(and(eq(contacts.prefix, 'web'), eq(contacts.phone, idlePhone)));
    expect(chat).toBeDefined();
  });

  it('a verification lapses after 24 hours unused: the chat stops acting for the client until the visitor verifies again', async () => {
    const visitor = await newVisitor();
    await say(visitor, 'hola');
    expect((await verify(visitor, 'lia@example.com')).statusCode).toBe(200);
    await say(visitor, '¿cuándo es mi cita?');
    expect(await lastAssistantMessage(visitor)).toContain('Nuria Gil');
    expect((await chatOfVisitor(visitor)).simulatedClientId).toBe(lia.id);

    offset += DAY + 60_000;
    const lapsed = await conversation(visitor);
    expect(lapsed).toMatchObject({ verifiedEmail: null, verificationLapsed: true });
    expect((await chatOfVisitor(visitor)).simulatedClientId).toBeNull();
    expect(await sessionRow(visitor)).toMatchObject({ verifiedEmail: null, clientId: null });
    await say(visitor, '¿cuándo es mi cita?');
    expect(await lastAssistantMessage(visitor)).not.toContain('Nuria Gil');

    expect((await verify(visitor, 'lia@example.com')).statusCode).toBe(200);
    expect(await conversation(visitor)).toMatchObject({
      verifiedEmail: 'lia@example.com',
      verificationLapsed: false,
    });
    expect((await chatOfVisitor(visitor)).simulatedClientId).toBe(lia.id);
  });

  it('a verification lapses 7 days after its code even if used every day', async () => {
    const visitor = await newVisitor();
    await say(visitor, 'hola');
    expect((await verify(visitor, 'lia@example.com')).statusCode).toBe(200);
    for (let day = 1; day <= 7; day++) {
      offset += DAY - 60 * 60_000;
      expect((await conversation(visitor)).verifiedEmail, `day ${day}`).toBe('lia@example.com');
    }
    offset += 7 * 60 * 60_000 + 60_000;
    expect(await conversation(visitor)).toMatchObject({ verifiedEmail: null, verificationLapsed: true });
    expect((await chatOfVisitor(visitor)).simulatedClientId).toBeNull();
  });

  it('the hourly clean-up ends verifications that lapsed while nobody came back', async () => {
    const visitor = await newVisitor();
    await say(visitor, 'hola');
    expect((await verify(visitor, 'lia@example.com')).statusCode).toBe(200);
    offset += 23 * 60 * 60_000;
    await t.app.services.webChat.forgetIdle();
    expect((await sessionRow(visitor))?.verifiedEmail).toBe('lia@example.com');
    expect((await chatOfVisitor(visitor)).simulatedClientId).toBe(lia.id);

    offset += 2 * 60 * 60_000;
    expect((await t.app.services.webChat.forgetIdle()).lapsed).toBeGreaterThanOrEqual(1);
    expect(await sessionRow(visitor)).toMatchObject({
      verifiedEmail: null,
      clientId: null,
      verifiedAt: null,
      verificationLapsed: true,
    });
    expect((await chatOfVisitor(visitor)).simulatedClientId).toBeNull();
    expect(await conversation(visitor)).toMatchObject({ verifiedEmail: null, verificationLapsed: true });
  });
});
