import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { startJsonServer } from '../../../test/fake-servers.ts';
import { chats, contacts, messages, notifications } from '../../db/schema.ts';
import { sentAt } from './whatsapp-webhook.service.ts';

const APP_SECRET = 'wa-app-secret';
let t: TestContext;
let graph: Awaited<ReturnType<typeof startJsonServer>>;
/** How the fake Graph API answers the next sends: 'ok', 'down' (503) or 'bad-number' (400). */
let graphMode: 'ok' | 'down' | 'bad-number' = 'ok';
let sent = 0;

beforeAll(async () => {
  graph = await startJsonServer(({ path }) => {
    if (path.startsWith('/v21.0/WABA-9/message_templates')) return templatesPage(path);
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
      WHATSAPP_BUSINESS_ACCOUNT_ID: 'WABA-9',
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

/** The account's templates over two pages, as the Graph API lists them; only some can be filled in here. */
function templatesPage(path: string) {
  const body = (text: string) => ({ type: 'BODY', text });
  if (path.includes('after=page2')) {
    return {
      status: 200,
      body: {
        data: [
          {
            name: 'welcome_back',
            language: 'en',
            status: 'APPROVED',
            category: 'MARKETING',
            components: [body('Welcome back!')],
          },
        ],
      },
    };
  }
  return {
    status: 200,
    body: {
      data: [
        {
          name: 'follow_up',
          language: 'es',
          status: 'APPROVED',
          category: 'UTILITY',
          components: [
            { type: 'HEADER', format: 'TEXT', text: 'Entrena' },
            body('Hola {{1}}, ¿seguimos el {{2}}?'),
          ],
        },
        { name: 'pending_review', language: 'es', status: 'PENDING', components: [body('Hola')] },
        {
          name: 'with_image',
          language: 'es',
          status: 'APPROVED',
          components: [{ type: 'HEADER', format: 'IMAGE' }, body('Mira esto')],
        },
        {
          name: 'named_params',
          language: 'es',
          status: 'APPROVED',
          components: [body('Hola {{first_name}}')],
        },
        {
          name: 'tracking',
          language: 'es',
          status: 'APPROVED',
          components: [
            body('Tu pedido'),
            { type: 'BUTTONS', buttons: [{ type: 'URL', url: 'https://x.es/{{1}}' }] },
          ],
        },
      ],
      paging: { next: `${graph.url}/v21.0/WABA-9/message_templates?after=page2` },
    },
  };
}

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

describe('sentAt', () => {
  const second = 1_795_300_000;
  it("uses the receipt time within WhatsApp's whole second, and that second otherwise", () => {
    expect(sentAt(String(second), new Date(second * 1000 + 420))?.getTime()).toBe(second * 1000 + 420);
    // Delivered late (Meta retries): the customer wrote then, not now.
    expect(sentAt(String(second), new Date(second * 1000 + 3_600_000))?.getTime()).toBe(second * 1000 + 999);
    // Our clock behind WhatsApp's: never before the second it names.
    expect(sentAt(String(second), new Date(second * 1000 - 5_000))?.getTime()).toBe(second * 1000);
    expect(sentAt(undefined, new Date())).toBeUndefined();
    expect(sentAt('not-a-number', new Date())).toBeUndefined();
    // Beyond any Date, a year away, or long before Meta's retries: the receipt time is used instead.
    const now = new Date(second * 1000);
    for (const absurd of [
      '99999999999999999',
      '253402300800',
      String(second + 86_400),
      '0',
      '-1',
      '1e3',
      1e20,
    ])
      expect(sentAt(absurd, now), String(absurd)).toBeUndefined();
    expect(sentAt(second - 3_600, now)?.getTime()).toBe((second - 3_600) * 1000 + 999);
  });
});

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

  it('acknowledges signed payloads of shapes it does not handle, and still takes the messages it can read', async () => {
    graphMode = 'ok';
    const postRaw = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
      });
    const change = (value: unknown) => ({ entry: [{ changes: [{ field: 'messages', value }] }] });
    const odd: unknown[] = [
      null,
      'text',
      42,
      [],
      [1, 'x'],
      { entry: 'x' },
      { entry: 5 },
      { entry: [null, 1, 'x', [], { changes: 'x' }, { changes: [null, 7, { value: 'x' }, { value: [] }] }] },
      change({ messages: 'x', statuses: 5, contacts: 'x' }),
      change({
        messages: [null, 1, 'x', [], { from: 5, id: [] }, { from: '346', id: 'wamid.short', type: 'text' }],
      }),
      change({ messages: [{ from: '34644444444', id: { a: 1 }, type: 'text', text: { body: 'x' } }] }),
      change({
        messages: [{ from: '34644444444', id: 'wamid.nul\u0000', type: 'text', text: { body: 'x' } }],
      }),
      change({ statuses: [null, 'x', { id: 5, status: 'read' }, { id: 'wamid.x', status: 'weird' }] }),
      change({ statuses: [{ id: 'wamid.unknown', status: 'failed', errors: 'x' }] }),
      change({ statuses: [{ id: 'wamid.unknown', status: 'failed', errors: [null, 4, { message: 7 }] }] }),
      { __proto__: { entry: [] }, entry: [{ changes: [{ value: { __proto__: null } }] }] },
    ];
    for (const payload of odd) {
      const body = JSON.stringify(payload);
      const response = await postRaw(body);
      expect(response.statusCode, body).toBe(200);
    }

    const mixed = change({
      contacts: [null, { wa_id: 5 }, { wa_id: '34688888888', profile: { name: ['x'] } }],
      messages: [
        'x',
        { from: '34688888888', id: 'wamid.mixed', timestamp: 'soon', type: 'text', text: { body: { x: 1 } } },
      ],
    });
    const response = await postRaw(JSON.stringify(mixed));
    expect(response.json()).toEqual({ messages: 1, duplicates: 0, statuses: 0 });
    const [stored] = await t.db.select().from(messages).where(eq(messages.externalId, 'wamid.mixed'));
    expect(stored!.text).toBe('[text message: open WhatsApp to see it]');
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.phone, '688888888'));
    expect(contact!.name).toBe('+34688888888');
  });

  it('stores a message whose timestamp is absurd with the time it arrived, so Meta does not retry it', async () => {
    const before = Date.now();
    const stamps: unknown[] = [
      '99999999999999999',
      '253402300800',
      '-62135596801',
      '1e400',
      '0',
      '-1',
      ' ',
      1e20,
      1795300000,
      null,
    ];
    for (const [i, timestamp] of stamps.entries()) {
      const payload = inbound(`3469100000${i}`, `wamid.stamp.${i}`, 'hola');
      payload.entry[0]!.changes[0]!.value.messages[0]!.timestamp = timestamp as string;
      const response = await post(payload);
      expect(response.statusCode, `${String(timestamp)}: ${response.body}`).toBe(200);
      expect(response.json()).toEqual({ messages: 1, duplicates: 0, statuses: 0 });
      const [stored] = await t.db
        .select()
        .from(messages)
        .where(eq(messages.externalId, `wamid.stamp.${i}`));
      // A number where Meta sends a string is still a time; anything else is "now".
      if (timestamp === 1795300000)
        expect(stored!.createdAt.getTime()).toBeGreaterThanOrEqual(1795300000_000);
      else expect(stored!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(stored!.createdAt.getTime(), String(timestamp)).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('takes signed messages and statuses with extreme values without failing', async () => {
    const huge = 'ñ'.repeat(200_000);
    const change = (value: unknown) => ({ entry: [{ changes: [{ field: 'messages', value }] }] });
    const payloads = [
      change({
        contacts: [{ wa_id: '34692000001', profile: { name: 'Ana\u0000Pérez' } }],
        messages: [
          {
            from: '34692000001',
            id: 'wamid.x.1',
            timestamp: '1795300000',
            type: 'text',
            text: { body: huge },
          },
        ],
      }),
      change({
        contacts: [{ wa_id: '34692000002', profile: { name: huge } }],
        messages: [{ from: '34692000002', id: 'wamid.x.2', type: 'x'.repeat(100), text: null }],
      }),
      change({
        messages: [
          {
            from: '34692000003',
            id: 'wamid.x.3',
            type: 'interactive',
            interactive: { button_reply: null, list_reply: { title: 7 } },
          },
          { from: '34692000003', id: 'wamid.x.4', type: 'button', button: { text: ['x'] } },
          { from: '34692000003', id: 'wamid.x.5', type: 'text', text: { body: '\u0000' } },
        ],
      }),
      change({ statuses: [{ id: 'wamid.x\u0000', status: 'read' }] }),
      change({
        statuses: [
          {
            id: 'wamid.x.1',
            status: 'failed',
            errors: [{ message: 'bad\u0000', title: 5 }, { title: huge }],
          },
        ],
      }),
    ];
    for (const payload of payloads) {
      const body = JSON.stringify(payload);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
      });
      expect(response.statusCode, `${body.slice(0, 200)}: ${response.body.slice(0, 300)}`).toBe(200);
    }
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.phone, '692000001'));
    expect(contact!.name).toBe('AnaPérez');
    const stored = await t.db.select().from(messages).where(eq(messages.externalId, 'wamid.x.5'));
    expect(stored[0]!.text).toBe('[text message: open WhatsApp to see it]');
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

  it('lists the approved templates staff can fill in, across pages', async () => {
    const { headers } = await t.signIn();
    const response = await t.app.inject({ url: '/api/chats/templates', headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      {
        name: 'follow_up',
        language: 'es',
        category: 'UTILITY',
        body: 'Hola {{1}}, ¿seguimos el {{2}}?',
        parameterCount: 2,
      },
      {
        name: 'welcome_back',
        language: 'en',
        category: 'MARKETING',
        body: 'Welcome back!',
        parameterCount: 0,
      },
    ]);
    const listCall = graph.received.find((call) => call.path.startsWith('/v21.0/WABA-9/message_templates'))!;
    expect(listCall.headers.authorization).toBe('Bearer token-123');
  });

  it('sends a template through the Graph API with its body values', async () => {
    graphMode = 'ok';
    await post(inbound('34677777777', 'wamid.in.tpl', 'hola'));
    const chatId = await chatOf('34', '677777777');
    const { headers } = await t.signIn();
    await t.app.inject({ method: 'PUT', url: `/api/chats/${chatId}/toggle-ai`, headers });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/templates`,
      headers,
      payload: { name: 'follow_up', language: 'es', parameters: ['Lucía', 'martes'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().text).toBe('Hola Lucía, ¿seguimos el martes?');
    const call = graph.received.at(-1)!;
    expect(call.path).toBe('/v21.0/1055/messages');
    expect(call.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '34677777777',
      type: 'template',
      template: {
        name: 'follow_up',
        language: { code: 'es' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Lucía' },
              { type: 'text', text: 'martes' },
            ],
          },
        ],
      },
    });
    const [row] = await t.db.select().from(messages).where(eq(messages.id, response.json().id));
    expect(row!.status).toBe('sent');
  });
});
