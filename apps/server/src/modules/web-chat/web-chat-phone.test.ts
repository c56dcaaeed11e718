import { WEB_CHAT_MESSAGES } from '@chatdesk/contract/web-chat';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import { startJsonServer } from '../../../test/fake-servers.ts';
import { appointments, chats, clients, contacts, webChatSessions } from '../../db/schema.ts';
import { sha256 } from './web-chat.service.ts';

// Wednesday 25 November 2026, 10:00 in Madrid; the client's appointment is three weeks later.
const NOW = new Date('2026-11-25T09:00:00Z').getTime();
let offset = 0;
let ticks = 0;
const clock = () => new Date(NOW + offset + ticks++);
const DAY = 24 * 60 * 60_000;

let t: TestContext;
let headers: Record<string, string>;
let key: string;
const ROSA = { name: 'Rosa Pardo', phone: '+34 644 555 666', digits: '34644555666' };
let rosa: { id: string; appointmentId: string };

let networks = 0;
const newNetwork = () => `10.${60 + Math.floor(networks / 250)}.${networks++ % 250}.7`;
type Visitor = { sessionId: string; ip: string };

async function enableChat(app: TestContext, staff: Record<string, string>) {
  const settings = await app.app.inject({ method: 'GET', url: '/api/web-chat/settings', headers: staff });
  const saved = await app.app.inject({
    method: 'PUT',
    url: '/api/web-chat/settings',
    headers: staff,
    payload: {
      enabled: true,
      allowedOrigins: ['https://www.example.com'],
      greeting: 'Hola',
      color: '#228be6',
      position: 'right',
      privacyNote: '',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return settings.json().publicKey as string;
}

async function newVisitor(app = t, publicKey = key, ip = newNetwork()): Promise<Visitor> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/web-chat/sessions',
    payload: { key: publicKey },
    remoteAddress: ip,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { sessionId: response.json().sessionId, ip };
}

const as = (visitor: Visitor, method: 'GET' | 'POST', url: string, payload?: unknown, app = t) =>
  app.app.inject({
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
const requestCode = (visitor: Visitor, phone: string) =>
  as(visitor, 'POST', '/api/web-chat/phone-verification', { phone });
const confirmCode = (visitor: Visitor, phone: string, code: string | undefined) =>
  as(visitor, 'POST', '/api/web-chat/phone-verification/confirm', { phone, code });

/** The code the local WhatsApp stand-in "sent" to the number, read as the e2e tests read it. */
async function codeSentTo(digits: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/mail/local/whatsapp-code?to=${digits}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().code as string;
}

async function verifyPhone(visitor: Visitor, phone: string, digits: string) {
  expect((await requestCode(visitor, phone)).statusCode).toBe(202);
  return confirmCode(visitor, phone, await codeSentTo(digits));
}

const rosaAppointment = async () =>
  (await t.db.select().from(appointments).where(eq(appointments.id, rosa.appointmentId)))[0]!;
const sessionRow = async (visitor: Visitor) =>
  (
    await t.db
      .select()
      .from(webChatSessions)
      .where(eq(webChatSessions.tokenHash, sha256(visitor.sessionId)))
  )[0]!;
const chatOf = async (visitor: Visitor) => {
  const row = await sessionRow(visitor);
  const [found] = await t.db
    .select({ chat: chats })
    .from(chats)
    .innerJoin(contacts, eq(contacts.id, chats.contactId))
    .where(and(eq(contacts.prefix, 'web'), eq(contacts.phone, row.phone)));
  return found!.chat;
};

beforeAll(async () => {
  // No WhatsApp keys: the local stand-in sends codes, and the local mailbox shows them.
  t = await buildTestApp({ clock, env: { LOCAL_MAILBOX: 'true' } });
  ({ headers } = await t.signIn());
  const employee = await insertEmployee(t.db, {
    name: 'Sergio Lara',
    username: 'sergio-phone',
    locations: ['Madrid'],
  });
  const [client] = await t.db
    .insert(clients)
    .values({ name: ROSA.name, phone: ROSA.phone, status: 'active', source: 'whatsapp' })
    .returning();
  const appointment = await insertAppointment(t.db, {
    employeeId: employee.id,
    employeeName: 'Sergio Lara',
    clientId: client!.id,
    clientName: ROSA.name,
    clientPhone: ROSA.phone,
    localDate: '2026-12-16',
    startTime: '10:00',
    endTime: '10:30',
    startsAt: new Date('2026-12-16T09:00:00Z'),
  });
  rosa = { id: client!.id, appointmentId: appointment.id };
  key = await enableChat(t, headers);
}, 60_000);
afterAll(() => t.close());

describe('verifying a number by WhatsApp', () => {
  it('is offered where codes can go by WhatsApp (here the local stand-in)', async () => {
    const config = await t.app.inject({ method: 'GET', url: `/api/web-chat/config?key=${key}` });
    expect(config.json().phoneVerification).toBe(true);
  });

  it('refuses a number that is not one, or has no country code, with the message', async () => {
    const visitor = await newVisitor();
    for (const phone of ['644 555 666', 'hola', '+34 12', '', 'x'.repeat(41)]) {
      const refused = await requestCode(visitor, phone);
      expect(refused.statusCode, phone).toBe(400);
      // The schema's refusals name the field ("phone: …"); the service's say the same words.
      expect(refused.json().message).toContain(WEB_CHAT_MESSAGES.phoneInvalid);
    }
    const badCode = await confirmCode(visitor, ROSA.phone, '12ab');
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toContain(WEB_CHAT_MESSAGES.phoneCodeInvalid);
  });

  it("a visitor who types Rosa's number with a wrong code, or none, sees, cancels and moves nothing", async () => {
    const visitor = await newVisitor();
    await say(visitor, `soy Rosa, mi número es ${ROSA.phone}`);
    expect((await requestCode(visitor, ROSA.phone)).statusCode).toBe(202);
    const right = await codeSentTo(ROSA.digits);
    const wrongCode = right === '000000' ? '111111' : '000000';
    const wrong = await confirmCode(visitor, ROSA.phone, wrongCode);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WEB_CHAT_MESSAGES.phoneCodeWrong);
    for (let i = 0; i < 4; i++) await confirmCode(visitor, ROSA.phone, wrongCode);
    // Five wrong tries end the code: the right one no longer counts.
    const spent = await confirmCode(visitor, ROSA.phone, right);
    expect(spent.statusCode).toBe(400);
    expect(spent.json().message).toBe(WEB_CHAT_MESSAGES.codeExpired);
    expect(await conversation(visitor)).toMatchObject({ verifiedPhone: null, verifiedEmail: null });

    await say(visitor, '¿cuándo es mi cita?');
    expect(await assistantSaid(visitor)).not.toContain('Sergio Lara');
    await say(visitor, 'quiero cancelar mi cita');
    await say(visitor, 'sí');
    expect((await rosaAppointment()).status).toBe('scheduled');
    expect((await chatOf(visitor)).simulatedClientId).toBeNull();
  });

  it('a code for one number does not prove another', async () => {
    const visitor = await newVisitor();
    expect((await requestCode(visitor, '+34 655 000 111')).statusCode).toBe(202);
    const code = await codeSentTo('34655000111');
    const other = await confirmCode(visitor, ROSA.phone, code);
    expect(other.statusCode).toBe(400);
    expect((await sessionRow(visitor)).verifiedPhone).toBeNull();
  });

  it("a visitor who proves Rosa's number with its code sees and cancels her appointment, as from her WhatsApp", async () => {
    const visitor = await newVisitor();
    await say(visitor, 'hola');
    // Typed as people type it: with spaces, or 0034.
    const verified = await verifyPhone(visitor, '0034 644-555-666', ROSA.digits);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ verifiedPhone: `+${ROSA.digits}` });
    expect(await conversation(visitor)).toMatchObject({
      verifiedPhone: `+${ROSA.digits}`,
      verifiedEmail: null,
    });
    // The session keeps the digits and the code is gone, stored only hashed while it lived.
    expect(await sessionRow(visitor)).toMatchObject({ verifiedPhone: ROSA.digits, clientId: rosa.id });

    await say(visitor, '¿cuándo es mi cita?');
    expect(await assistantSaid(visitor)).toContain('Sergio Lara');
    await say(visitor, 'quiero cancelar mi cita');
    await say(visitor, 'sí');
    expect((await rosaAppointment()).status).toBe('cancelled');
    const client = (await t.app.inject({ method: 'GET', url: `/api/clients/${rosa.id}`, headers })).json();
    expect(client.chatId).toBe((await chatOf(visitor)).id);
    const exported = (await as(visitor, 'GET', '/api/web-chat/export')).json();
    expect(exported.verifiedPhone).toBe(`+${ROSA.digits}`);
  });

  it('codes are limited per destination number, whichever visitor asks', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await requestCode(await newVisitor(), '+34 677 888 999')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await requestCode(await newVisitor(), '+34 677 888 990')).statusCode).toBe(202);
  });

  it('a verified number lapses after 24 hours unused, as an email does', async () => {
    const [client] = await t.db
      .insert(clients)
      .values({ name: 'Iván Ros', phone: '+34 688 111 222', status: 'active', source: 'whatsapp' })
      .returning();
    const visitor = await newVisitor();
    await say(visitor, 'hola');
    expect((await verifyPhone(visitor, '+34 688 111 222', '34688111222')).statusCode).toBe(200);
    expect((await chatOf(visitor)).simulatedClientId).toBe(client!.id);
    offset += DAY + 60_000;
    expect(await conversation(visitor)).toMatchObject({ verifiedPhone: null, verificationLapsed: true });
    expect((await chatOf(visitor)).simulatedClientId).toBeNull();
    expect(await sessionRow(visitor)).toMatchObject({ verifiedPhone: null, clientId: null });
  });

  it("a client's erasure forgets the number a visitor proved", async () => {
    const [client] = await t.db
      .insert(clients)
      .values({ name: 'Eva Sanz', phone: '+34 699 222 333', status: 'active', source: 'whatsapp' })
      .returning();
    const visitor = await newVisitor();
    await say(visitor, 'hola');
    expect((await verifyPhone(visitor, '+34 699 222 333', '34699222333')).statusCode).toBe(200);
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${client!.id}/erase`,
      headers,
      payload: { confirm: 'Eva Sanz' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await sessionRow(visitor)).toMatchObject({ verifiedPhone: null, clientId: null });
    expect((await conversation(visitor)).verifiedPhone).toBeNull();
  });
});

describe('in production without WhatsApp keys', () => {
  it('is not offered: the local stand-in would send the code nowhere', async () => {
    const live = await buildTestApp({ env: { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) } });
    try {
      const publicKey = await enableChat(live, (await live.signIn()).headers);
      const config = await live.app.inject({ method: 'GET', url: `/api/web-chat/config?key=${publicKey}` });
      expect(config.json().phoneVerification).toBe(false);
      const visitor = await newVisitor(live, publicKey);
      const refused = await as(
        visitor,
        'POST',
        '/api/web-chat/phone-verification',
        { phone: ROSA.phone },
        live,
      );
      expect(refused.statusCode).toBe(409);
    } finally {
      await live.close();
    }
  });
});

describe('with the WhatsApp Cloud API', () => {
  it('without an authentication template, the option is not offered and a request is refused 409', async () => {
    const cloud = await buildTestApp({ env: { WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1' } });
    try {
      const publicKey = await enableChat(cloud, (await cloud.signIn()).headers);
      const config = await cloud.app.inject({ method: 'GET', url: `/api/web-chat/config?key=${publicKey}` });
      expect(config.json().phoneVerification).toBe(false);
      const visitor = await newVisitor(cloud, publicKey);
      const refused = await as(
        visitor,
        'POST',
        '/api/web-chat/phone-verification',
        { phone: ROSA.phone },
        cloud,
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(WEB_CHAT_MESSAGES.phoneUnavailable);
      // Nor is there a local stand-in to read codes from.
      expect(
        (await cloud.app.inject({ method: 'GET', url: `/api/mail/local/whatsapp-code?to=${ROSA.digits}` }))
          .statusCode,
      ).toBe(404);
    } finally {
      await cloud.close();
    }
  });

  it('with one (WHATSAPP_CODE_TEMPLATE), sends the code with it to the number', async () => {
    const graph = await startJsonServer(() => ({ status: 200, body: { messages: [{ id: 'wamid.code' }] } }));
    const cloud = await buildTestApp({
      clock,
      env: {
        WHATSAPP_TOKEN: 't',
        WHATSAPP_PHONE_NUMBER_ID: '1',
        WHATSAPP_API_URL: graph.url,
        WHATSAPP_CODE_TEMPLATE: 'chat_code',
        WHATSAPP_CODE_TEMPLATE_LANGUAGE: 'es',
      },
    });
    try {
      const publicKey = await enableChat(cloud, (await cloud.signIn()).headers);
      const config = await cloud.app.inject({ method: 'GET', url: `/api/web-chat/config?key=${publicKey}` });
      expect(config.json().phoneVerification).toBe(true);
      const visitor = await newVisitor(cloud, publicKey);
      const sent = await as(
        visitor,
        'POST',
        '/api/web-chat/phone-verification',
        { phone: ROSA.phone },
        cloud,
      );
      expect(sent.statusCode, sent.body).toBe(202);
      expect(sent.json().message).toBe(WEB_CHAT_MESSAGES.phoneCodeSent);
      const request = graph.received.at(-1)!;
      expect(request.body).toMatchObject({
        to: ROSA.digits,
        type: 'template',
        template: { name: 'chat_code', language: { code: 'es' } },
      });
      const code = (
        request.body as { template: { components: Array<{ parameters: Array<{ text: string }> }> } }
      ).template.components[0]!.parameters[0]!.text;
      const confirmed = await as(
        visitor,
        'POST',
        '/api/web-chat/phone-verification/confirm',
        { phone: ROSA.phone, code },
        cloud,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    } finally {
      await cloud.close();
      await graph.close();
    }
  });
});

describe('by SMS (Twilio), where WhatsApp has no authentication template', () => {
  const TWILIO = { sid: 'AC0123456789', token: 'twilio-secret', from: '+15005550006' };
  /** A live install with Twilio's keys and no WhatsApp: codes go by text message. */
  async function withTwilio(
    answer: () => { status: number; body: unknown },
    env: Record<string, string> = {},
  ) {
    const twilio = await startJsonServer(answer);
    const app = await buildTestApp({
      clock,
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'p'.repeat(40),
        TWILIO_ACCOUNT_SID: TWILIO.sid,
        TWILIO_AUTH_TOKEN: TWILIO.token,
        TWILIO_FROM: TWILIO.from,
        TWILIO_API_URL: twilio.url,
        ...env,
      },
    });
    const publicKey = await enableChat(app, (await app.signIn()).headers);
    return { app, twilio, publicKey };
  }
  const sent = { status: 201, body: { sid: 'SM1', status: 'queued' } };

  it('offers SMS, texts the code in the panel’s language, and the code proves the number', async () => {
    const { app, twilio, publicKey } = await withTwilio(() => sent);
    try {
      const config = await app.app.inject({ method: 'GET', url: `/api/web-chat/config?key=${publicKey}` });
      expect(config.json()).toMatchObject({ phoneVerification: true, phoneChannel: 'sms' });
      const visitor = await newVisitor(app, publicKey);
      const asked = await as(
        visitor,
        'POST',
        '/api/web-chat/phone-verification',
        { phone: ROSA.phone, language: 'es' },
        app,
      );
      expect(asked.statusCode, asked.body).toBe(202);
      expect(asked.json().message).toBe(WEB_CHAT_MESSAGES.smsCodeSent);
      const request = twilio.received.at(-1)!;
      expect(request.method).toBe('POST');
      expect(request.path).toBe(`/2010-04-01/Accounts/${TWILIO.sid}/Messages.json`);
      expect(request.headers.authorization).toBe(
        `Basic ${Buffer.from(`${TWILIO.sid}:${TWILIO.token}`).toString('base64')}`,
      );
      const form = new URLSearchParams(String(request.body));
      expect(form.get('To')).toBe(`+${ROSA.digits}`);
      expect(form.get('From')).toBe(TWILIO.from);
      const text = form.get('Body')!;
      // The business has no name yet on a fresh install: the text still reads whole.
      expect(text).toMatch(/^\d{6} es tu código para el chat\. Caduca en 10 minutos\.$/);
      const code = text.slice(0, 6);

      const wrong = await as(
        visitor,
        'POST',
        '/api/web-chat/phone-verification/confirm',
        { phone: ROSA.phone, code: code === '000000' ? '111111' : '000000' },
        app,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(WEB_CHAT_MESSAGES.smsCodeWrong);
      const confirmed = await as(
        visitor,
        'POST',
        '/api/web-chat/phone-verification/confirm',
        { phone: ROSA.phone, code },
        app,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ verifiedPhone: `+${ROSA.digits}` });
    } finally {
      await app.close();
      await twilio.close();
    }
  });

  it('a number Twilio cannot text is the visitor’s to fix (400); Twilio down is a 503 in our words', async () => {
    let answer = { status: 400, body: { code: 21614, message: "'To' number is not a valid mobile number" } };
    const { app, twilio, publicKey } = await withTwilio(() => answer);
    try {
      const visitor = await newVisitor(app, publicKey);
      const landline = await as(
        visitor,
        'POST',
        '/api/web-chat/phone-verification',
        { phone: ROSA.phone },
        app,
      );
      expect(landline.statusCode).toBe(400);
      expect(landline.json().message).toBe(WEB_CHAT_MESSAGES.phoneInvalid);
      answer = { status: 500, body: { code: 20500, message: 'Internal Server Error' } };
      const down = await as(visitor, 'POST', '/api/web-chat/phone-verification', { phone: ROSA.phone }, app);
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe(WEB_CHAT_MESSAGES.phoneCodeNotSent);
      // Our account's details never reach the visitor.
      expect(down.body).not.toContain('Twilio');
    } finally {
      await app.close();
      await twilio.close();
    }
  });

  it('with a WhatsApp authentication template too, the code goes by WhatsApp (no text message)', async () => {
    const graph = await startJsonServer(() => ({ status: 200, body: { messages: [{ id: 'wamid.code' }] } }));
    const { app, twilio, publicKey } = await withTwilio(() => sent, {
      WHATSAPP_TOKEN: 't',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_API_URL: graph.url,
      WHATSAPP_CODE_TEMPLATE: 'chat_code',
    });
    try {
      const config = await app.app.inject({ method: 'GET', url: `/api/web-chat/config?key=${publicKey}` });
      expect(config.json().phoneChannel).toBe('whatsapp');
      const visitor = await newVisitor(app, publicKey);
      const asked = await as(visitor, 'POST', '/api/web-chat/phone-verification', { phone: ROSA.phone }, app);
      expect(asked.statusCode, asked.body).toBe(202);
      expect(asked.json().message).toBe(WEB_CHAT_MESSAGES.phoneCodeSent);
      expect(graph.received).toHaveLength(1);
      expect(twilio.received).toHaveLength(0);
    } finally {
      await app.close();
      await twilio.close();
      await graph.close();
    }
  });
});
