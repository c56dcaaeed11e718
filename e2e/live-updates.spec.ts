import type { Page, Request } from '@playwright/test';
import { type Chat, createHumanChat, type Message } from './chat-data';
import { type Api, expect, test } from './fixtures';
import { screenshot } from './shots';

/** A burst as a busy dashboard sees it: 20 customer messages over about two seconds. */
const BURST = 20;
const SPACING_MS = 100;
/** Long enough for a trailing refetch after the last event to be counted. */
const SETTLE_MS = 1_500;
/** The open chat's messages are also polled every five seconds (spec §9), apart from any event. */
const MESSAGE_POLL_MS = 5_000;

const rows = (page: Page) => page.getByRole('list', { name: 'Chats' }).getByRole('listitem');
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });

/** A visitor address of the burst's own, so it has the simulator's rate limit to itself. */
function visitorAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** Times of the page's GET requests whose path passes the test. */
function countRequests(page: Page, matches: (path: string) => boolean) {
  const times: number[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'GET' && matches(new URL(request.url()).pathname)) times.push(Date.now());
  });
  return { since: (start: number) => times.filter((time) => time >= start).length };
}

/** The customers of these simulator sessions write in turn, one message every SPACING_MS. */
async function burst(api: Api, sessionIds: string[], text: (index: number) => string) {
  const address = visitorAddress();
  const start = Date.now();
  for (let index = 0; index < BURST; index += 1) {
    const sessionId = sessionIds[index % sessionIds.length];
    // The chats were made by this staff member: the simulator keys each one by them and the session.
    const response = await api.raw.post('/api/chats/simulator', {
      data: { text: text(index), sessionId },
      headers: { ...api.headers, 'x-forwarded-for': address },
    });
    expect(response.status(), await response.text()).toBe(200);
    const wait = start + (index + 1) * SPACING_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** At most one load a second over the window, plus the one a window may start with. */
const perSecondBound = (start: number) => Math.ceil((Date.now() - start) / 1_000) + 1;

test.beforeEach(async ({ login }) => {
  await login();
});

test('a burst of customer messages reloads the chat list at most once a second and leaves it current', async ({
  page,
  api,
}, testInfo) => {
  // Staff have the chats, so the assistant adds no replies of its own to the burst.
  const chats = [await createHumanChat(api), await createHumanChat(api), await createHumanChat(api)];
  const tag = Date.now().toString(36);
  const text = (index: number) => `Burst ${tag} message ${index + 1}`;
  const listLoads = countRequests(page, (path) => path === '/api/chats');
  const chatPaths = new Set(chats.map(({ chat }) => `/api/chats/${chat.id}`));
  // A chat already listed may be fetched alone instead; that too at most once a second.
  const chatLoads = countRequests(page, (path) => chatPaths.has(path));

  await page.goto('/');
  // Newest first: the last chat made is on top.
  await expect(rows(page).first()).toContainText(chats[2]!.chat.name);

  const start = Date.now();
  await burst(
    api,
    chats.map(({ sessionId }) => sessionId),
    text,
  );

  // Messages went to chats 0, 1, 2, 0, 1, …: the last one (the 20th) to chat 1, then 0, then 2.
  const expected = [
    { chat: chats[1]!.chat, last: text(19) },
    { chat: chats[0]!.chat, last: text(18) },
    { chat: chats[2]!.chat, last: text(17) },
  ];
  for (const [index, { chat, last }] of expected.entries()) {
    await expect(rows(page).nth(index)).toContainText(chat.name);
    await expect(rows(page).nth(index)).toContainText(last);
  }
  await page.waitForTimeout(SETTLE_MS);
  const loads = { list: listLoads.since(start), chats: chatLoads.since(start) };
  const bound = perSecondBound(start);
  testInfo.annotations.push({
    type: 'loads',
    description: `list ${loads.list} (bound ${bound}), the three chats ${loads.chats} (bound ${3 * bound})`,
  });
  expect.soft(loads.list, 'loads of the chat list').toBeLessThanOrEqual(bound);
  expect.soft(loads.chats, 'loads of the chats one by one').toBeLessThanOrEqual(3 * bound);

  // What the list shows is what the server says, unread counts included.
  const server = (await api.get<Chat[]>('/chats?limit=3')).map((chat) => chat.id);
  expect(server).toEqual(expected.map(({ chat }) => chat.id));
  for (const [index, id] of server.entries()) {
    const chat = await api.get<Chat>(`/chats/${id}`);
    await expect(rows(page).nth(index).getByTestId('unread-badge')).toHaveText(String(chat.unreadCount));
  }
  await screenshot(page, testInfo.outputPath('chat-list-after-burst.png'));
});

test('a burst in the open chat reloads its messages and the list at most once a second', async ({
  page,
  api,
}, testInfo) => {
  const { chat, sessionId } = await createHumanChat(api);
  const tag = Date.now().toString(36);
  const text = (index: number) => `Open ${tag} message ${index + 1}`;
  const messagesPath = `/api/chats/${chat.id}/messages`;
  const messageLoads = countRequests(page, (path) => path === messagesPath);
  const listLoads = countRequests(page, (path) => path === '/api/chats');

  await page.goto(`/chat/${chat.id}`);
  await expect(messageLog(page)).toBeVisible();

  const start = Date.now();
  await burst(api, [sessionId], text);

  const bubbles = messageLog(page).getByTestId('message');
  await expect(bubbles.last()).toContainText(text(BURST - 1));
  await expect(rows(page).first()).toContainText(text(BURST - 1));
  await page.waitForTimeout(SETTLE_MS);
  const stored = await api.get<Message[]>(`/chats/${chat.id}/messages`);
  await expect(bubbles).toHaveCount(stored.length);

  const elapsed = Date.now() - start;
  const bound = perSecondBound(start);
  const polls = Math.ceil(elapsed / MESSAGE_POLL_MS);
  const loads = { messages: messageLoads.since(start), list: listLoads.since(start) };
  testInfo.annotations.push({
    type: 'loads',
    description: `messages ${loads.messages} (bound ${bound} + ${polls} polls), list ${loads.list} (bound ${bound})`,
  });
  expect.soft(loads.messages, 'loads of the messages').toBeLessThanOrEqual(bound + polls);
  expect.soft(loads.list, 'loads of the chat list').toBeLessThanOrEqual(bound);
  await screenshot(page, testInfo.outputPath('open-chat-after-burst.png'));
});
