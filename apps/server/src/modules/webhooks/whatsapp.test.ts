import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { startJsonServer } from '../../../test/fake-servers.ts';
import { chats, contacts, messages, notifications } from '../../db/schema.ts';

const APP_SECRET = 'wa-app-secret';
let t: TestContext;
let graph: Awaited<ReturnType<typeof startJsonServer>>;
/** How the fake Graph API answers the next sends: 'ok', 'down' (503) or 'bad-number' (400). */
let graphMode: 'ok' | 'down' | 'bad-number' = 'ok';
let sent = 0;

beforeAll(async () => {
  graph = await startJsonServer(({ path }) => {
    if (!path.endsWith('/messages')) return { status: 404, body: {} };
    if (graphMode === 'down')
      return { status: 503, body: { error: { message: 'Service temporarily unavailable' } } };
    if (graphMode === 'bad-number') {
      return { status: 400, body: { error: { message: '(#131026) Message undeliverable', code: 131026 } } };
    }
    return {
      status: 200,
      body: { messaging_product: 'whatsapp', messages: [{ id: `wamid.out.${++sent}` }] },
    };
  });
  t = await buildTestApp({
    env: {
      WHATSAPP_TOKEN: 'token-123',
      WHATSAPP_PHONE_NUMBER_ID: '1055',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
      WHATSAPP_API_URL: `${graph.url}/v21.0`,
    },
  });
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

const sign = (body: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

function post(payload: object, signature?: string) {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? sign(body) },
  });
}

const inbound = (from: string, id: string, text: string, name = 'Lucía Pérez') => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'WABA',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { phone_number_id: '1055' },
            contacts: [{ wa_id: from, profile: { name } }],
            messages: [{ from, id, timestamp: '1795300000', type: 'text', text: { body: text } }],
          },
        },
      ],
    },
  ],
});

const statusUpdate = (id: string, status: string, errors?: object[]) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      changes: [
        {
          field: 'messages',
          value: {
            statuses: [{ id, status, recipient_id: '1', timestamp: '1', ...(errors ? { errors } : {}) }],
          },
        },
      ],
    },
  ],
});

async function chatOf(prefix: string, phone: string) {
  const [row] = await t.db
    .select({ id: chats.id })
    .from(chats)
    .innerJoin(contacts, eq(contacts.id, chats.contactId))
    .where(eq(contacts.phone, phone));
  expect(row, `${prefix} ${phone}`).toBeDefined();
  return row!.id;
}

describe('WhatsApp webhook', () => {
  it('answers the verification challenge only with the right token', async () => {
    const ok = await t.app.inject({
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=12345',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('12345');
    const wrong = await t.app.inject({
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=12345',
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('refuses a body whose signature does not match, before storing anything', async () => {
    const payload = inbound('34611111111', 'wamid.forged', 'hola');
    const response = await post(payload, sign(JSON.stringify(payload), 'another-secret'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid X-Hub-Signature-256' });
    expect(await t.db.select().from(messages).where(eq(messages.externalId, 'wamid.forged'))).toEqual([]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', payload: payload })).statusCode,
    ).toBe(400);
  });

  it('creates the contact and chat with the phone split, and the assistant replies through the Graph API', async () => {
    graphMode = 'ok';
    const response = await post(inbound('34622222222', 'wamid.in.1', 'Hola, busco entrenador personal'));
    expect(response.json()).toEqual({ messages: 1, duplicates: 0, statuses: 0 });
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.phone, '622222222'));
    expect(contact).toMatchObject({ prefix: '34', name: 'Lucía Pérez' });
    const chatId = await chatOf('34', '622222222');
    const thread = await t.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(thread.map((m) => m.sender).sort()).toEqual(['assistant', 'customer']);
    const reply = thread.find((m) => m.sender === 'assistant')!;
    expect(reply.status).toBe('sent');
    expect(reply.externalId).toMatch(/^wamid\.out\./);
    const call = graph.received.at(-1)!;
    expect(call.path).toBe('/v21.0/1055/messages');
    expect(call.headers.authorization).toBe('Bearer token-123');
    expect(call.body).toMatchObject({ messaging_product: 'whatsapp', to: '34622222222', type: 'text' });
  });

  it('a message id seen before stores nothing new and triggers no second reply', async () => {
    const payload = inbound('34633333333', 'wamid.in.dup', 'hola');
    await post(payload);
    const callsAfterFirst = graph.received.length;
    const again = await post(payload);
    expect(again.json()).toEqual({ messages: 0, duplicates: 1, statuses: 0 });
    expect(graph.received.length).toBe(callsAfterFirst);
    const chatId = await chatOf('34', '633333333');
    const customer = await t.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(customer.filter((m) => m.sender === 'customer')).toHaveLength(1);
  });

  it('moves outgoing statuses forward only', async () => {
    await post(inbound('34644444444', 'wamid.in.status', 'hola'));
    const chatId = await chatOf('34', '644444444');
    const outgoing = (await t.db.select().from(messages).where(eq(messages.chatId, chatId))).find(
      (m) => m.sender === 'assistant',
    )!;
    const statusOf = async () =>
      (await t.db.select().from(messages).where(eq(messages.id, outgoing.id)))[0]!.status;
    await post(statusUpdate(outgoing.externalId!, 'read'));
    expect(await statusOf()).toBe('read');
    await post(statusUpdate(outgoing.externalId!, 'delivered'));
    expect(await statusOf()).toBe('read');
    await post(statusUpdate(outgoing.externalId!, 'failed', [{ message: 'late failure' }]));
    expect(await statusOf()).toBe('read');
  });

  it('a send the Graph API refuses for good is marked failed and staff are told', async () => {
    graphMode = 'bad-number';
    await post(inbound('34655555555', 'wamid.in.fail', 'hola'));
    graphMode = 'ok';
    const chatId = await chatOf('34', '655555555');
    const outgoing = (await t.db.select().from(messages).where(eq(messages.chatId, chatId))).find(
      (m) => m.sender === 'assistant',
    )!;
    expect(outgoing).toMatchObject({ status: 'failed', error: '(#131026) Message undeliverable' });
    const notices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/chat/${chatId}`));
    expect(notices.map((n) => n.title)).toContain('WhatsApp message not delivered');
  });

  it('a failure status from WhatsApp marks a sent message failed', async () => {
    await post(inbound('34666666666', 'wamid.in.fail2', 'hola'));
    const chatId = await chatOf('34', '666666666');
    const outgoing = (await t.db.select().from(messages).where(eq(messages.chatId, chatId))).find(
      (m) => m.sender === 'assistant',
    )!;
    await post(statusUpdate(outgoing.externalId!, 'failed', [{ message: 'Re-engagement message' }]));
    const [row] = await t.db.select().from(messages).where(eq(messages.id, outgoing.id));
    expect(row).toMatchObject({ status: 'failed', error: 'Re-engagement message' });
  });
});
