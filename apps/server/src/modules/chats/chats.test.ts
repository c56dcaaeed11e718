import { CHAT_MESSAGES } from '@chatdesk/contract/chats';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { chats, contacts, messages, notifications } from '../../db/schema.ts';

let now = new Date('2026-11-22T10:00:00Z');
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  // The clock ticks a millisecond a call, so a reply is always later than the message it answers.
  let tick = 0;
  t = await buildTestApp({ clock: () => new Date(now.getTime() + tick++) });
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

let phoneNumber = 600_000_000;
/** A customer writes on WhatsApp (through the same service the webhook uses). */
async function customerWrites(text: string, options: { name?: string; phone?: string } = {}) {
  const phone = options.phone ?? String(++phoneNumber);
  const result = await t.app.services.chats.receiveInbound({
    prefix: '34',
    phone,
    name: options.name ?? 'Ana García',
    text,
    channel: 'whatsapp',
  });
  return { ...result, phone };
}

const get = (url: string) => t.app.inject({ url, headers });

describe('chats', () => {
  it('a new customer gets a chat assigned to the assistant, listed with last message and unread count', async () => {
    const { chatId } = await customerWrites('Hola, busco entrenador en Madrid', { name: 'Nuevo Cliente' });
    const list = (await get('/api/chats')).json();
    const chat = list.find((c: { id: string }) => c.id === chatId);
    expect(chat).toMatchObject({
      name: 'Nuevo Cliente',
      prefix: '34',
      assignedTo: 'ai',
      channel: 'whatsapp',
    });
    // The built-in assistant answered, so the last message is its reply.
    expect(chat.lastMessage.isOutgoing).toBe(true);
    expect(chat.unreadCount).toBe(1);
    const thread = (await get(`/api/chats/${chatId}/messages`)).json();
    expect(thread.map((m: { sender: string }) => m.sender)).toEqual(['customer', 'assistant']);
    expect(thread[1]).toMatchObject({ isOutgoing: true, status: 'sent' });
  });

  it('searches by name, case-insensitive, or by phone digits', async () => {
    const { chatId, phone } = await customerWrites('hello', { name: 'Zacarías Quintero' });
    const ids = async (search: string) =>
      (await get(`/api/chats?search=${encodeURIComponent(search)}`)).json().map((c: { id: string }) => c.id);
    expect(await ids('zacarías')).toEqual([chatId]);
    expect(await ids(phone.slice(-5))).toContain(chatId);
    expect(await ids('nobody-like-this')).toEqual([]);
  });

  it('pages the list, latest activity first', async () => {
    for (let i = 0; i < 3; i++) await customerWrites(`page ${i}`);
    const all = (await get('/api/chats')).json().map((c: { id: string }) => c.id);
    const first = (await get('/api/chats?limit=2')).json().map((c: { id: string }) => c.id);
    const second = (await get('/api/chats?limit=2&offset=2')).json().map((c: { id: string }) => c.id);
    expect(first).toEqual(all.slice(0, 2));
    expect(second).toEqual(all.slice(2, 4));
    expect((await get('/api/chats?limit=0')).statusCode).toBe(400);
  });

  it('pages by cursor: every chat once, in order, even when one moves to the top between pages', async () => {
    // Several chats in the same instant too, so ties are broken the same way on every page.
    const frozen = now;
    for (let i = 0; i < 5; i++) await customerWrites(`cursor ${i}`);
    now = frozen;
    const all = (await get('/api/chats?limit=200')).json().map((c: { id: string }) => c.id) as string[];
    const seen: string[] = [];
    let cursor: string | undefined;
    let moved = false;
    for (;;) {
      const page = (await get(`/api/chats?limit=3${cursor ? `&cursor=${cursor}` : ''}`)).json() as Array<{
        id: string;
        cursor: string;
      }>;
      seen.push(...page.map((c) => c.id));
      if (page.length < 3) break;
      cursor = page.at(-1)!.cursor;
      if (!moved) {
        // The first page's last chat gets a message: it moves to the top, and the next page still
        // starts where this one ended, with nothing skipped or repeated.
        moved = true;
        now = new Date(now.getTime() + 60_000);
        const last = await t.db.query.contacts.findFirst({
          where: eq(
            contacts.id,
            (await t.db.query.chats.findFirst({ where: eq(chats.id, page.at(-1)!.id) }))!.contactId,
          ),
        });
        await customerWrites('moved up', { phone: last!.phone });
      }
    }
    expect(seen).toEqual(all);
    expect((await get('/api/chats?cursor=not-a-cursor')).statusCode).toBe(400);
    expect((await get('/api/chats?limit=201')).statusCode).toBe(400);
    // Without a limit, a page of 100, never the whole table.
    for (let i = 0; i < 101 - all.length; i++) await customerWrites(`fill ${i}`);
    expect((await get('/api/chats')).json()).toHaveLength(100);
  });

  it('marks the customer messages read once', async () => {
    const { chatId } = await customerWrites('one');
    const first = await t.app.inject({ method: 'POST', url: `/api/chats/${chatId}/read`, headers });
    expect(first.json()).toEqual({ updated: 1 });
    expect((await get(`/api/chats/${chatId}`)).json().unreadCount).toBe(0);
    const again = await t.app.inject({ method: 'POST', url: `/api/chats/${chatId}/read`, headers });
    expect(again.json()).toEqual({ updated: 0 });
  });

  it('a customer running late: the assistant answers, staff are told by a notification, the chat stays with it', async () => {
    const late = await customerWrites('llego 10 min tarde q hay un atasco horrible', { name: 'Rosa Tarde' });
    const notified = (await get('/api/notifications?limit=100'))
      .json()
      .items.filter((n: { link: string | null }) => n.link === `/chat/${late.chatId}`);
    expect(notified).toMatchObject([
      {
        type: 'info',
        title: 'Customer update',
        message: 'Rosa Tarde: running late: "llego 10 min tarde q hay un atasco horrible"',
        isRead: false,
      },
    ]);
    expect((await get('/api/chats/waiting')).json().chatIds).not.toContain(late.chatId);
    const chat = (await get(`/api/chats/${late.chatId}`)).json();
    expect(chat.assignedTo).toBe('ai');
    const messages = (await get(`/api/chats/${late.chatId}/messages`)).json();
    expect(messages.at(-1)).toMatchObject({
      sender: 'assistant',
      text: expect.stringMatching(/Gracias por avisar/),
    });
  });

  it('a handed-over chat waits for a person until a person replies; opening it only reads its notification', async () => {
    const first = await customerWrites('hola', { name: 'Sofía Waiting' });
    await customerWrites('quiero hablar con una persona por favor', { phone: first.phone });
    const waiting = async () => (await get('/api/chats/waiting')).json().chatIds as string[];
    const handoffNotifications = async () =>
      (await get('/api/notifications?limit=100'))
        .json()
        .items.filter((n: { link: string | null }) => n.link === `/chat/${first.chatId}`);
    expect(await waiting()).toContain(first.chatId);
    expect(await handoffNotifications()).toMatchObject([{ title: 'Chat needs a person', isRead: false }]);
    const unreadBefore = (await get('/api/notifications/unread-count')).json().count;

    const read = await t.app.inject({ method: 'POST', url: `/api/chats/${first.chatId}/read`, headers });
    expect(read.statusCode).toBe(200);
    expect(await handoffNotifications()).toMatchObject([{ isRead: true }]);
    expect((await get('/api/notifications/unread-count')).json().count).toBe(unreadBefore - 1);
    // Seen is not answered: the customer still waits.
    expect(await waiting()).toContain(first.chatId);
    // Another customer message does not end the wait either.
    await customerWrites('¿hola?', { phone: first.phone });
    expect(await waiting()).toContain(first.chatId);

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${first.chatId}/messages`,
      headers,
      payload: { text: 'Hola Sofía, dime' },
    });
    expect(reply.statusCode).toBe(200);
    expect(await waiting()).not.toContain(first.chatId);
  });

  it("the list shows a waiting chat as waiting, with the customer's last words rather than the handoff line", async () => {
    const first = await customerWrites('hola', { name: 'Lista Waiting' });
    await customerWrites('quiero hablar con una persona por favor', { phone: first.phone });
    await customerWrites('es por mi cita del martes', { phone: first.phone });
    const row = async () =>
      (await get('/api/chats')).json().find((c: { id: string }) => c.id === first.chatId);
    const waiting = await row();
    expect(waiting.waitingSince).toEqual(expect.any(String));
    expect(Number.isNaN(Date.parse(waiting.waitingSince))).toBe(false);
    expect(waiting.lastCustomerText).toBe('es por mi cita del martes');
    // The detail carries the same, so a chat refreshed alone keeps its label in the list.
    expect((await get(`/api/chats/${first.chatId}`)).json()).toMatchObject({
      waitingSince: waiting.waitingSince,
      lastCustomerText: 'es por mi cita del martes',
    });

    const other = await customerWrites('hola, ¿abrís el sábado?');
    expect((await get('/api/chats')).json().find((c: { id: string }) => c.id === other.chatId)).toMatchObject(
      { waitingSince: null, lastCustomerText: null },
    );

    await t.app.inject({
      method: 'POST',
      url: `/api/chats/${first.chatId}/messages`,
      headers,
      payload: { text: 'Hola, dime' },
    });
    expect(await row()).toMatchObject({ waitingSince: null, lastCustomerText: null });
  });

  it("only events that may change the wait say so: dashboards need not recount on a customer's message", async () => {
    const seen: Array<{ type: string; chatId?: string; waiting?: true }> = [];
    const unsubscribe = t.events.subscribe((event) => {
      if (event.type === 'chats.changed') seen.push(event);
    });
    try {
      const first = await customerWrites('hola');
      await customerWrites('quiero hablar con una persona por favor', { phone: first.phone });
      await expect.poll(() => seen.filter((e) => e.chatId === first.chatId && e.waiting)).toHaveLength(1);
      seen.length = 0;
      await customerWrites('¿sigue ahí?', { phone: first.phone });
      await expect.poll(() => seen.filter((e) => e.chatId === first.chatId)).not.toHaveLength(0);
      expect(seen.filter((e) => e.waiting)).toEqual([]);
      await t.app.inject({
        method: 'POST',
        url: `/api/chats/${first.chatId}/messages`,
        headers,
        payload: { text: 'Aquí estoy' },
      });
      await expect.poll(() => seen.filter((e) => e.chatId === first.chatId && e.waiting)).toHaveLength(1);
      // Another reply, with nobody waiting any more: no recount.
      seen.length = 0;
      await t.app.inject({
        method: 'POST',
        url: `/api/chats/${first.chatId}/messages`,
        headers,
        payload: { text: '¿Algo más?' },
      });
      await expect.poll(() => seen.filter((e) => e.chatId === first.chatId)).not.toHaveLength(0);
      expect(seen.filter((e) => e.waiting)).toEqual([]);
    } finally {
      unsubscribe();
    }
  });

  it('the wait is a state of the chat: solving, deleting or renaming its notification changes nothing', async () => {
    const first = await customerWrites('hola');
    await customerWrites('quiero hablar con una persona por favor', { phone: first.phone });
    expect((await get('/api/chats/waiting')).json().chatIds).toContain(first.chatId);
    const handoff = (await get('/api/notifications?limit=100'))
      .json()
      .items.find((n: { link: string | null }) => n.link === `/chat/${first.chatId}`);
    const solved = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${handoff.id}/solve`,
      headers,
    });
    expect(solved.statusCode).toBe(200);
    await t.db.update(notifications).set({ title: 'Renamed' }).where(eq(notifications.id, handoff.id));
    expect((await get('/api/chats/waiting')).json().chatIds).toContain(first.chatId);
    await t.db.delete(notifications).where(eq(notifications.id, handoff.id));
    expect((await get('/api/chats/waiting')).json().chatIds).toContain(first.chatId);
  });

  it('a handed-over chat stops waiting when it goes back to the assistant, and other notifications stay unread', async () => {
    const first = await customerWrites('hola');
    await customerWrites('quiero hablar con una persona por favor', { phone: first.phone });
    const other = await t.app.services.notifications.notify({
      type: 'error',
      title: 'WhatsApp message not delivered',
      message: 'A message could not be delivered',
      link: `/chat/${first.chatId}`,
    });
    expect((await get('/api/chats/waiting')).json().chatIds).toContain(first.chatId);
    await t.app.inject({ method: 'PUT', url: `/api/chats/${first.chatId}/toggle-ai`, headers });
    expect((await get('/api/chats/waiting')).json().chatIds).not.toContain(first.chatId);

    await t.app.inject({ method: 'POST', url: `/api/chats/${first.chatId}/read`, headers });
    const list = (await get('/api/notifications?limit=100')).json().items;
    expect(list.find((n: { id: string }) => n.id === other.id)).toMatchObject({ isRead: false });
  });

  it('staff cannot send while the assistant has the chat; after toggling they can', async () => {
    const { chatId } = await customerWrites('hola');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/messages`,
      headers,
      payload: { text: 'Hi' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: CHAT_MESSAGES.aiAssigned });

    const toggled = await t.app.inject({ method: 'PUT', url: `/api/chats/${chatId}/toggle-ai`, headers });
    expect(toggled.json().assignedTo).toBe('human');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/messages`,
      headers,
      payload: { text: '  Hola Ana, soy Laura.  ' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      text: 'Hola Ana, soy Laura.',
      isOutgoing: true,
      sender: 'staff',
      status: 'sent',
    });
    const back = await t.app.inject({ method: 'PUT', url: `/api/chats/${chatId}/toggle-ai`, headers });
    expect(back.json().assignedTo).toBe('ai');
  });

  it('refuses empty messages', async () => {
    const { chatId } = await customerWrites('hola');
    await t.app.inject({ method: 'PUT', url: `/api/chats/${chatId}/toggle-ai`, headers });
    for (const text of ['', '   \n ']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/chats/${chatId}/messages`,
        headers,
        payload: { text },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`text: ${CHAT_MESSAGES.textRequired}`);
    }
  });

  it('refuses a free-form WhatsApp reply more than 24 hours after the customer last wrote', async () => {
    const { chatId } = await customerWrites('hola');
    await t.app.inject({ method: 'PUT', url: `/api/chats/${chatId}/toggle-ai`, headers });
    const before = now;
    now = new Date(now.getTime() + 25 * 3_600_000);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/messages`,
      headers,
      payload: { text: 'Hi' },
    });
    now = before;
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: CHAT_MESSAGES.windowClosed });
  });

  it("gives a WhatsApp chat's reply window: 24 hours after the customer last wrote", async () => {
    const { chatId } = await customerWrites('hola');
    const [last] = await t.db.select().from(messages).where(eq(messages.chatId, chatId));
    const chat = (await get(`/api/chats/${chatId}`)).json();
    expect(chat.replyWindowEndsAt).toBe(new Date(last!.createdAt.getTime() + 24 * 3_600_000).toISOString());
  });

  it('lists the approved templates', async () => {
    const templates = (await get('/api/chats/templates')).json();
    expect(templates).toContainEqual(
      expect.objectContaining({ name: 'follow_up', language: 'es', parameterCount: 2 }),
    );
  });

  it('sends a template after the 24-hour window, shown with its placeholders filled in', async () => {
    const { chatId } = await customerWrites('hola');
    await t.app.inject({ method: 'PUT', url: `/api/chats/${chatId}/toggle-ai`, headers });
    const before = now;
    now = new Date(now.getTime() + 3 * 24 * 3_600_000);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/templates`,
      headers,
      payload: { name: 'follow_up', language: 'es', parameters: ['Ana', 'Entrena Studio'] },
    });
    now = before;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      text: 'Hola Ana, te escribimos de Entrena Studio para retomar tu consulta. ¿Podemos ayudarte en algo más?',
      sender: 'staff',
      isOutgoing: true,
    });
    const [row] = await t.db.select().from(messages).where(eq(messages.id, response.json().id));
    expect(row).toMatchObject({
      status: 'sent',
      template: { name: 'follow_up', language: 'es', parameters: ['Ana', 'Entrena Studio'] },
    });
  });

  it('refuses an unknown template, missing values, an assistant chat and a simulator chat', async () => {
    const { chatId } = await customerWrites('hola');
    const send = (id: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/chats/${id}/templates`, headers, payload });

    const aiChat = await send(chatId, { name: 'follow_up', language: 'es', parameters: ['Ana', 'X'] });
    expect(aiChat.statusCode).toBe(409);
    expect(aiChat.json().message).toBe(CHAT_MESSAGES.aiAssigned);

    await t.app.inject({ method: 'PUT', url: `/api/chats/${chatId}/toggle-ai`, headers });
    const unknown = await send(chatId, { name: 'no_such_template', language: 'es', parameters: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(CHAT_MESSAGES.templateNotFound);
    const tooFew = await send(chatId, { name: 'follow_up', language: 'es', parameters: ['Ana'] });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().message).toBe(CHAT_MESSAGES.templateParameters);
    const blank = await send(chatId, { name: 'follow_up', language: 'es', parameters: ['Ana', ' '] });
    expect(blank.statusCode).toBe(400);

    const simulated = await t.app.services.chats.receiveInbound({
      prefix: 'SIM',
      phone: 'tpl-test',
      name: 'Simulator',
      text: 'hola',
      channel: 'simulator',
    });
    await t.app.inject({ method: 'PUT', url: `/api/chats/${simulated.chatId}/toggle-ai`, headers });
    const simulator = await send(simulated.chatId, {
      name: 'follow_up',
      language: 'es',
      parameters: ['A', 'B'],
    });
    expect(simulator.statusCode).toBe(409);
    expect(simulator.json().message).toBe(CHAT_MESSAGES.templateWhatsAppOnly);
  });

  it('edits the contact but never its phone', async () => {
    const { chatId, phone } = await customerWrites('hola');
    const chat = (await get(`/api/chats/${chatId}`)).json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/contacts/${chat.contact}`,
      headers,
      payload: {
        name: 'Ana G.',
        email: 'ana@example.com',
        notes: 'VIP',
        profilePicture: 'https://example.com/a.png',
        phone: '000',
        prefix: '1',
      },
    });
    expect(saved.json()).toMatchObject({
      name: 'Ana G.',
      email: 'ana@example.com',
      notes: 'VIP',
      phone,
      prefix: '34',
    });
    expect((await get(`/api/chats/${chatId}`)).json()).toMatchObject({
      name: 'Ana G.',
      email: 'ana@example.com',
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/contacts/${chat.contact}`,
      headers,
      payload: { name: 'Ana', email: 'nope', profilePicture: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deleting a chat deletes its messages and the contact', async () => {
    const { chatId } = await customerWrites('bye');
    const chat = (await get(`/api/chats/${chatId}`)).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/chats/${chatId}`, headers })).statusCode).toBe(
      200,
    );
    expect((await get(`/api/chats/${chatId}`)).json()).toEqual({ message: CHAT_MESSAGES.notFound });
    expect(await t.db.select().from(messages).where(eq(messages.chatId, chatId))).toEqual([]);
    expect(await t.db.select().from(contacts).where(eq(contacts.id, chat.contact))).toEqual([]);
  });

  it('links a chat to the client with the same phone', async () => {
    const { chatId, phone } = await customerWrites('hola');
    const { clients } = await import('../../db/schema.ts');
    const [client] = await t.db
      .insert(clients)
      .values({ name: 'Ana', phone: `+34 ${phone.slice(0, 3)} ${phone.slice(3)}` })
      .returning();
    expect((await get(`/api/chats/${chatId}`)).json().clientId).toBe(client!.id);
  });
});

describe('the chats service is the only writer of chats and messages', () => {
  it('a handover tells dashboards after the chat is a person’s, never before', async () => {
    const publish = t.events.publish;
    const seen: string[] = [];
    let chatId: string | undefined;
    // What a dashboard reading the chat on each event would see: the assignment at publish time.
    t.events.publish = async (event) => {
      if (event.type === 'chats.changed' && chatId && event.chatId === chatId) {
        const [row] = await t.db.select().from(chats).where(eq(chats.id, chatId));
        seen.push(row!.assignedTo);
      }
      return publish(event);
    };
    try {
      const first = await customerWrites('hola');
      chatId = first.chatId;
      await customerWrites('quiero hablar con una persona por favor', { phone: first.phone });
    } finally {
      t.events.publish = publish;
    }
    expect(seen.at(-1)).toBe('human');
    const [row] = await t.db.select().from(chats).where(eq(chats.id, chatId!));
    expect(row!.assignedTo).toBe('human');
  });

  it('a read and a delivered callback arriving together leave the message read', async () => {
    const { chatId } = await customerWrites('hola, que tal');
    const [reply] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.sender, 'assistant')));
    expect(reply).toMatchObject({ status: 'sent' });
    const externalId = reply!.externalId!;
    // "read" first: a read-then-write would see "sent" twice and let "delivered" land last.
    await Promise.all([
      t.app.services.chats.applyDeliveryStatus({ externalId, status: 'read', error: null }),
      t.app.services.chats.applyDeliveryStatus({ externalId, status: 'delivered', error: null }),
    ]);
    const [after] = await t.db.select().from(messages).where(eq(messages.id, reply!.id));
    expect(after!.status).toBe('read');
    // And never backwards afterwards.
    await t.app.services.chats.applyDeliveryStatus({ externalId, status: 'delivered', error: null });
    const [still] = await t.db.select().from(messages).where(eq(messages.id, reply!.id));
    expect(still!.status).toBe('read');
  });
});
