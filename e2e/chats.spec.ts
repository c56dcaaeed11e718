import type { Page } from '@playwright/test';
import { type Chat, createHumanChat, createSimulatorChat, type Message, whatsappMessage } from './chat-data';
import { failedLoads } from './failed-loads';
import { expect, test } from './fixtures';

const AI_LOCK_NOTE = 'Turn off AI Response to send messages manually.';
/** The open chat's messages are polled every five seconds (spec §9), apart from any event. */
const MESSAGE_POLL_MS = 5_000;
const DELETE_TEXT =
  'Are you sure you want to delete this chat? This will permanently remove the chat, all messages, and the contact. This action cannot be undone.';

const chatList = (page: Page) => page.getByRole('list', { name: 'Chats' });
const rows = (page: Page) => chatList(page).getByRole('listitem');
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const header = (page: Page) =>
  page.locator('header').filter({ has: page.getByRole('button', { name: 'Chat options' }) });

async function openMenuItem(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name }).click();
}

test.beforeEach(async ({ login }) => {
  await login();
});

test('the list shows every chat with its tag, time, preview and unread badge', async ({ page, api }) => {
  const chats = await api.get<Chat[]>('/chats');
  await page.goto('/');
  await expect(page.getByText('Select a chat to start messaging')).toBeVisible();
  await expect(rows(page).first()).toBeVisible();

  for (const [index, chat] of chats.slice(0, 8).entries()) {
    const row = rows(page).nth(index);
    await expect(row).toContainText(chat.name);
    await expect(row).toContainText(chat.assignedTo === 'ai' ? '(AI)' : '(manual)');
    // A chat waiting for a person previews what the customer last said, under a label.
    await expect(row.getByTestId('waiting-label')).toHaveCount(chat.waitingSince ? 1 : 0);
    if (chat.waitingSince && chat.lastCustomerText !== null) {
      await expect(row).toContainText(chat.lastCustomerText.slice(0, 20));
    } else if (chat.lastMessage) {
      await expect(row).toContainText(
        (chat.lastMessage.isOutgoing ? `You: ${chat.lastMessage.text}` : chat.lastMessage.text).slice(0, 20),
      );
    } else {
      await expect(row).toContainText('No messages yet');
    }
    await expect(row.getByTestId('unread-badge')).toHaveCount(chat.unreadCount > 0 ? 1 : 0);
    if (chat.unreadCount > 0)
      await expect(row.getByTestId('unread-badge')).toHaveText(String(chat.unreadCount));
  }

  // Specs before this one on the same server add chats (and reminders to their clients), which may
  // push the seeded ones past the list's first page: they are found by name, as staff would.
  const search = page.getByPlaceholder('Search contacts...');
  await search.pressSequentially('Ana Garc', { delay: 40 });
  await expect(rowOf(page, 'Ana García')).toContainText('(AI)');
  await search.clear();
  await search.pressSequentially('Elena', { delay: 40 });
  const elena = rowOf(page, 'Elena Sánchez');
  await expect(elena).toContainText('(manual)');
  await expect(elena).toContainText('No messages yet');
  // The list keeps its search in the address once the typing settles.
  await expect(page).toHaveURL(/search=Elena/);

  await rowOf(page, 'Elena Sánchez').getByRole('link').click();
  const elenaId = chats.find((chat) => chat.name === 'Elena Sánchez')?.id;
  await expect(page).toHaveURL(new RegExp(`/chat/${elenaId}`));
  await expect(rowOf(page, 'Elena Sánchez').getByRole('link')).toHaveAttribute('aria-current', 'page');
  await expect(messageLog(page)).toHaveCount(0);
  await expect(page.getByRole('main').getByText('No messages yet').last()).toBeVisible();
});

test('a chat clicked before the search has settled opens and stays open', async ({ page }) => {
  await page.goto('/');
  const search = page.getByPlaceholder('Search contacts...');
  // The receptionist types a name and clicks the match at once, before the list's address follows.
  await search.pressSequentially('Elena', { delay: 40 });
  await rowOf(page, 'Elena Sánchez').getByRole('link').click();
  await expect(page).toHaveURL(/\/chat\/[^/?]+\?search=Elena/);
  await expect(header(page)).toContainText('Elena Sánchez');
  // The write of the search the typing had scheduled must not take the page back to the list.
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(/\/chat\/[^/?]+\?search=Elena/);
  await expect(header(page)).toContainText('Elena Sánchez');
});

test('search filters by name or phone, says when nothing matches, and clears', async ({ page }) => {
  await page.goto('/');
  const search = page.getByPlaceholder('Search contacts...');
  // (The seeded James Wilson may be past the first page when other specs added chats: the search finds him.)
  await expect(rows(page).first()).toBeVisible();
  const total = await rows(page).count();

  await search.clear();
  await search.pressSequentially('jAMeS', { delay: 40 });
  await expect(rowOf(page, 'James Wilson')).toHaveCount(1);
  await expect(rowOf(page, 'Ana García')).toHaveCount(0);

  await search.clear();
  await search.pressSequentially('612345', { delay: 40 });
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, 'Ana García')).toHaveCount(1);

  await search.clear();
  await search.pressSequentially('nobody-by-this-name', { delay: 40 });
  await expect(page.getByText('No chats found matching your search')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(rows(page)).toHaveCount(total);
});

test('opening a chat with unread messages marks it read once and the badge drops', async ({ page, api }) => {
  const { chat } = await createSimulatorChat(api);
  expect(chat.unreadCount).toBeGreaterThan(0);
  let readCalls = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/chats/${chat.id}/read`)) readCalls += 1;
  });
  // The page's clock runs as usual, but the spec can move it on to the next poll of the messages.
  await page.clock.install();

  await page.goto('/');
  await expect(rowOf(page, chat.name).getByTestId('unread-badge')).toHaveText(String(chat.unreadCount));
  await rowOf(page, chat.name).getByRole('link').click();

  await expect(page).toHaveURL(`/chat/${chat.id}`);
  await expect(header(page)).toContainText(chat.name);
  await expect(rowOf(page, chat.name).getByTestId('unread-badge')).toHaveCount(0);
  await expect.poll(async () => (await api.get<Chat>(`/chats/${chat.id}`)).unreadCount).toBe(0);
  // Two polls later the chat has not been marked again: a read the first poll caused would have been
  // sent before the second poll is even made.
  for (let poll = 0; poll < 2; poll++) {
    const polled = page.waitForResponse(
      (response) =>
        response.request().method() === 'GET' && response.url().endsWith(`/api/chats/${chat.id}/messages`),
    );
    await page.clock.fastForward(MESSAGE_POLL_MS);
    await polled;
  }
  expect(readCalls).toBe(1);
});

test('turning the AI response off and on flips the label and the composer lock', async ({ page, api }) => {
  const { chat } = await createSimulatorChat(api);
  await page.goto(`/chat/${chat.id}`);
  await expect(page.getByText(AI_LOCK_NOTE)).toBeVisible();
  await expect(composer(page)).toBeDisabled();
  await expect(rowOf(page, chat.name)).toContainText('(AI)');

  await openMenuItem(page, 'Turn off AI Response');
  await expect(page.getByText(AI_LOCK_NOTE)).toHaveCount(0);
  await expect(composer(page)).toBeEnabled();
  await expect(rowOf(page, chat.name)).toContainText('(manual)');
  expect((await api.get<Chat>(`/chats/${chat.id}`)).assignedTo).toBe('human');

  await page.getByRole('button', { name: 'Chat options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Turn on AI Response' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Turn on AI Response' }).click();
  await expect(page.getByText(AI_LOCK_NOTE)).toBeVisible();
  await expect(composer(page)).toBeDisabled();
  await expect(rowOf(page, chat.name)).toContainText('(AI)');
});

test('a failed toggle says so', async ({ page, api }) => {
  const { chat } = await createSimulatorChat(api);
  await page.route(`**/api/chats/${chat.id}/toggle-ai`, (route) =>
    route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
  );
  await page.goto(`/chat/${chat.id}`);
  await openMenuItem(page, 'Turn off AI Response');
  await expect(page.getByText('Failed to toggle AI response')).toBeVisible();
  await expect(page.getByText(AI_LOCK_NOTE)).toBeVisible();
});

test('staff send with Enter, add lines with Shift+Enter, and cannot send blanks', async ({ page, api }) => {
  const { chat } = await createHumanChat(api);
  const before = (await api.get<Message[]>(`/chats/${chat.id}/messages`)).length;
  await page.goto(`/chat/${chat.id}`);
  const bubbles = messageLog(page).getByTestId('message');
  await expect(bubbles).toHaveCount(before);

  await composer(page).fill('   ');
  await composer(page).press('Enter');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await expect(bubbles).toHaveCount(before);

  await composer(page).fill('First line');
  await composer(page).press('Shift+Enter');
  await composer(page).pressSequentially('second line');
  await expect(composer(page)).toHaveValue('First line\nsecond line');
  await composer(page).press('Enter');

  await expect(composer(page)).toHaveValue('');
  const sent = bubbles.last();
  await expect(sent).toContainText('First line\nsecond line', { useInnerText: true });
  await expect(sent.getByRole('img', { name: 'Delivered' })).toBeVisible();
  await expect(bubbles).toHaveCount(before + 1);
  await expect(rowOf(page, chat.name)).toContainText('You: First line');

  const stored = await api.get<Message[]>(`/chats/${chat.id}/messages`);
  expect(stored.at(-1)).toMatchObject({ text: 'First line\nsecond line', sender: 'staff', isOutgoing: true });
  expect(stored).toHaveLength(before + 1);
});

test('a half-typed reply waits in its chat: switching chats and reloading keep it, sending clears it', async ({
  page,
  api,
}) => {
  const { chat: first } = await createHumanChat(api);
  const { chat: second } = await createHumanChat(api);
  await page.goto(`/chat/${first.id}`);
  const half = 'Hola, te confirmo que el martes a las';
  await composer(page).pressSequentially(half, { delay: 50 });

  await rowOf(page, second.name).getByRole('link').click();
  await expect(page).toHaveURL(`/chat/${second.id}`);
  await expect(composer(page)).toHaveValue('');
  await composer(page).pressSequentially('Otro borrador', { delay: 50 });

  await rowOf(page, first.name).getByRole('link').click();
  await expect(page).toHaveURL(`/chat/${first.id}`);
  await expect(composer(page)).toHaveValue(half);

  await page.reload();
  await expect(composer(page)).toHaveValue(half);
  await composer(page).pressSequentially(' 10:00.', { delay: 50 });
  await composer(page).press('Enter');
  await expect(messageLog(page)).toContainText(`${half} 10:00.`);
  await expect(composer(page)).toHaveValue('');

  await page.reload();
  await expect(composer(page)).toHaveValue('');
  await rowOf(page, second.name).getByRole('link').click();
  await expect(composer(page)).toHaveValue('Otro borrador');
});

test('a send that fails is marked failed and can be retried', async ({ page, api }) => {
  const { chat } = await createHumanChat(api);
  let fail = true;
  await page.route(`**/api/chats/${chat.id}/messages`, (route) =>
    route.request().method() === 'POST' && fail
      ? route.fulfill({ status: 503, json: { message: 'Service unavailable' } })
      : route.continue(),
  );
  await page.goto(`/chat/${chat.id}`);
  await composer(page).fill('Will this arrive?');
  await composer(page).press('Enter');

  const failed = messageLog(page).getByTestId('message').filter({ hasText: 'Will this arrive?' });
  await expect(failed).toHaveAttribute('data-status', 'failed');
  await expect(failed.getByRole('img', { name: 'Failed: Service unavailable' })).toBeVisible();

  fail = false;
  await failed.getByRole('button', { name: 'Retry' }).click();
  const delivered = messageLog(page).getByTestId('message').filter({ hasText: 'Will this arrive?' });
  await expect(delivered).toHaveCount(1);
  await expect(delivered).toHaveAttribute('data-status', 'delivered');
  const stored = await api.get<Message[]>(`/chats/${chat.id}/messages`);
  expect(stored.filter((message) => message.text === 'Will this arrive?')).toHaveLength(1);
});

test('http(s) links in messages open in a new tab; other schemes stay text', async ({ page, api }) => {
  const { chat } = await createHumanChat(api);
  await api.post(`/chats/${chat.id}/messages`, {
    text: 'Book at https://example.com/schedule/carlos or javascript:alert(1) or ftp://example.com/file',
  });
  await page.goto(`/chat/${chat.id}`);
  const bubble = messageLog(page).getByTestId('message').filter({ hasText: 'Book at' });
  const link = bubble.getByRole('link', { name: 'https://example.com/schedule/carlos' });
  await expect(link).toHaveAttribute('href', 'https://example.com/schedule/carlos');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(bubble.getByRole('link')).toHaveCount(1);
  await expect(bubble).toContainText('javascript:alert(1) or ftp://example.com/file');
});

test('editing the contact copies the phone and renames the chat everywhere', async ({
  page,
  api,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { chat } = await createHumanChat(api);
  await page.goto(`/chat/${chat.id}`);
  await openMenuItem(page, 'Edit Contact Info');

  const dialog = page.getByRole('dialog', { name: 'Edit Contact Information' });
  await expect(dialog.getByLabel(/^Name/)).toHaveValue(chat.name);
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
  const phone = dialog.getByRole('textbox', { name: 'Phone' });
  await expect(phone).toHaveAttribute('readonly', '');
  await expect(phone).toHaveValue(chat.phone);
  await expect(dialog.getByLabel('Notes')).toHaveJSProperty('tagName', 'TEXTAREA');

  await dialog.getByRole('button', { name: 'Copy phone number' }).click();
  await expect(dialog.getByText('Copied!')).toBeVisible();
  await expect(dialog.getByText('Copied!')).toBeHidden({ timeout: 2_000 });

  const name = `Renamed ${chat.phone.slice(0, 6)}`;
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel('Email').fill('renamed@example.com');
  await dialog.getByLabel('Notes').fill('Prefers mornings.\nSpeaks Spanish.');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(dialog).toBeHidden();
  await expect(header(page).getByTestId('chat-name')).toHaveText(name);
  await expect(rowOf(page, name)).toHaveCount(1);
  const contact = await api.get<{ name: string; email: string; notes: string }>(`/contacts/${chat.contact}`);
  expect(contact).toMatchObject({
    name,
    email: 'renamed@example.com',
    notes: 'Prefers mornings.\nSpeaks Spanish.',
  });

  await openMenuItem(page, 'Edit Contact Info');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('deleting a chat asks first, then removes it and returns to the dashboard', async ({ page, api }) => {
  const { chat } = await createSimulatorChat(api);
  await page.goto(`/chat/${chat.id}`);
  await expect(header(page)).toContainText(chat.name);

  await openMenuItem(page, 'Delete Chat');
  const dialog = page.getByRole('dialog', { name: 'Delete Chat' });
  await expect(dialog).toContainText(DELETE_TEXT);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/chat/${chat.id}`);

  await page.route(`**/api/chats/${chat.id}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { message: 'Internal Server Error' } })
      : route.continue(),
  );
  await openMenuItem(page, 'Delete Chat');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Failed to delete chat')).toBeVisible();
  await expect(dialog).toBeVisible();

  await page.unroute(`**/api/chats/${chat.id}`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(rowOf(page, chat.name)).toHaveCount(0);
  const gone = await api.raw.get(`/api/chats/${chat.id}`, { headers: api.headers });
  expect(gone.status()).toBe(404);
});

test('messages sent from elsewhere show up without a reload', async ({ page, api }) => {
  const { chat } = await createHumanChat(api);
  await page.goto(`/chat/${chat.id}`);
  await expect(header(page)).toContainText(chat.name);

  // Another staff tab replies; the open conversation and the list follow within a second or two.
  const text = `From another tab ${chat.phone.slice(0, 6)}`;
  await api.post(`/chats/${chat.id}/messages`, { text });
  await expect(messageLog(page).getByTestId('message').last()).toContainText(text, { timeout: 4_000 });
  await expect(rowOf(page, chat.name)).toContainText(`You: ${text}`, { timeout: 4_000 });

  // A new visitor starts a conversation in the simulator; it appears at the top of the list.
  const { chat: newcomer } = await createSimulatorChat(api, 'Hello from a new visitor');
  await expect(rows(page).first()).toContainText(newcomer.name, { timeout: 4_000 });
});

test('the home page shows its loading, error and empty states', async ({ page }) => {
  const failing = await failedLoads(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let mode: 'hold' | 'fail' | 'empty' = 'hold';
  await page.route(/\/api\/chats(\?.*)?$/, async (route) => {
    if (mode === 'hold') {
      await held;
      return route.continue();
    }
    if (mode === 'fail') return route.fulfill({ status: 500, json: { message: 'Internal Server Error' } });
    return route.fulfill({ status: 200, json: [] });
  });

  await page.goto('/');
  await expect(page.getByText('Loading chats...')).toBeVisible();
  mode = 'fail';
  release();
  await page.reload();
  await failing.shownAfterRetries(page.getByText('Failed to load chats. Please try again.'));

  mode = 'empty';
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No chats available yet')).toBeVisible();
});

test('a chat that fails to load offers a retry', async ({ page, api }) => {
  const { chat } = await createSimulatorChat(api);
  let fail = true;
  await page.route(`**/api/chats/${chat.id}/messages`, (route) =>
    fail ? route.fulfill({ status: 404, json: { message: 'Chat not found' } }) : route.continue(),
  );
  await page.goto(`/chat/${chat.id}`);
  await expect(page.getByText('Failed to load chat. Please try again.')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(messageLog(page)).toContainText('Hola, ¿tenéis entrenadores en Madrid?');
});

test('on a phone the list and the conversation take the whole width in turn', async ({ page, api }) => {
  const { chat } = await createSimulatorChat(api);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(rowOf(page, chat.name)).toBeVisible();
  await expect(page.getByText('Select a chat to start messaging')).toBeHidden();

  await rowOf(page, chat.name).getByRole('link').click();
  await expect(messageLog(page)).toBeVisible();
  await expect(chatList(page)).toBeHidden();
  await page.getByRole('link', { name: 'Back to chats' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(rowOf(page, chat.name)).toBeVisible();
});

test('the header counts every chat with unread messages, not only the loaded page', async ({
  page,
  request,
}) => {
  // More chats with a message nobody has read than one page of the list holds (100).
  const first = 34_670_000_000 + Math.floor(Math.random() * 8_000_000) * 100;
  for (let batch = 0; batch < 101; batch += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, 101 - batch) }, (_, i) =>
        whatsappMessage(request, String(first + batch + i), `Unread ${batch + i}`, 'Hola'),
      ),
    );
  }
  await page.goto('/');
  await expect(rows(page).first()).toBeVisible();
  const count = page.getByTestId('unread-chats');
  await expect(count).toHaveText('99+ unread');
  await expect(count).toHaveAttribute('aria-label', '99+ chats with unread messages');
});

test('the list loads more chats as it scrolls', async ({ page }) => {
  const fake = (n: number) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Paged chat ${n}`,
    phone: String(600_000_000 + n),
    prefix: '34',
    email: null,
    profilePicture: null,
    assignedTo: 'human',
    channel: 'whatsapp',
    lastMessage: {
      text: `hello ${n}`,
      timestamp: new Date(Date.now() - n * 60_000).toISOString(),
      isOutgoing: false,
    },
    unreadCount: 0,
    contact: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    clientId: null,
    waitingSince: null,
    lastCustomerText: null,
    cursor: String(n),
  });
  // Each page asks for the chats after the last one it has (its cursor), as the server pages.
  const offsets: number[] = [];
  await page.route(/\/api\/chats\?/, async (route) => {
    const url = new URL(route.request().url());
    const offset = Number(url.searchParams.get('cursor') ?? 0);
    const limit = Number(url.searchParams.get('limit'));
    offsets.push(offset);
    const total = 130;
    const count = Math.max(0, Math.min(limit, total - offset));
    return route.fulfill({
      status: 200,
      json: Array.from({ length: count }, (_, i) => fake(offset + i + 1)),
    });
  });
  await page.goto('/');
  await expect(rowOf(page, 'Paged chat 1').first()).toBeVisible();
  expect(offsets).toEqual([0]);
  await expect(rows(page).filter({ hasText: 'Paged chat 130' })).toHaveCount(0);
  // Scroll to the end of the first page: the next one loads.
  for (let i = 0; i < 20 && !offsets.includes(100); i++) {
    await page.locator('[class*="listScroller"]').evaluate((element) => element.scrollBy(0, 2000));
    await page.waitForTimeout(100);
  }
  expect(offsets).toContain(100);
  await page.locator('[class*="listScroller"]').evaluate((element) => element.scrollBy(0, 100_000));
  await expect(rowOf(page, 'Paged chat 130')).toBeVisible();
});

test("a long conversation's day labels never overlap as it scrolls", async ({ page, api }) => {
  const { chat } = await createHumanChat(api);
  const day = 24 * 60 * 60_000;
  const messages: Message[] = Array.from({ length: 45 }, (_, n) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    text: `Message ${n}`,
    isOutgoing: n % 2 === 1,
    status: 'read',
    // Three days of fifteen messages each, a few minutes apart.
    timestamp: new Date(Date.now() - (3 - Math.floor(n / 15)) * day + (n % 15) * 180_000).toISOString(),
    sender: n % 2 === 1 ? 'staff' : 'customer',
    error: null,
  }));
  await page.route(`**/api/chats/${chat.id}/messages*`, (route) => route.fulfill({ json: messages }));
  await page.goto(`/chat/${chat.id}`);
  await expect(messageLog(page).getByTestId('message')).toHaveCount(45);

  const log = messageLog(page);
  for (const fraction of [0.2, 0.5, 0.8]) {
    await log.evaluate((element, f) => {
      element.scrollTop = (element.scrollHeight - element.clientHeight) * f;
    }, fraction);
    // Every day label on screen has its own place: none is drawn over another.
    const boxes = await log
      .getByTestId('day-label')
      .evaluateAll((labels) =>
        labels
          .map((label) => label.getBoundingClientRect())
          .map((box) => ({ top: box.top, bottom: box.bottom })),
      );
    const logBox = await log.boundingBox();
    const visible = boxes.filter(
      (box) => logBox && box.bottom > logBox.y && box.top < logBox.y + logBox.height,
    );
    for (const [i, a] of visible.entries())
      for (const b of visible.slice(i + 1)) expect(a.bottom <= b.top || b.bottom <= a.top).toBe(true);
  }
});

test("a customer's /new reads as a note, and simulator chats show real initials", async ({ page, api }) => {
  const { chat } = await createHumanChat(api, '/new');
  await page.goto(`/chat/${chat.id}`);
  await expect(messageLog(page).getByText('The customer started a new conversation')).toBeVisible();
  await expect(
    messageLog(page)
      .getByTestId('message')
      .filter({ hasText: /^\/new/ }),
  ).toHaveCount(0);
  await expect(header(page).getByText('CS', { exact: true })).toBeVisible();
});

test('a WhatsApp chat whose customer never wrote says so, not that 24 hours passed', async ({
  page,
  api,
}) => {
  const { chat } = await createHumanChat(api);
  // A WhatsApp chat that staff opened before the customer ever wrote (e.g. from a client's page).
  const detail = await api.get<Chat>(`/chats/${chat.id}`);
  await page.route(`**/api/chats/${chat.id}`, (route) =>
    route.fulfill({ json: { ...detail, channel: 'whatsapp', replyWindowEndsAt: null } }),
  );
  await page.goto(`/chat/${chat.id}`);
  await expect(
    page.getByText('The customer has not written yet: only an approved template can start the conversation.'),
  ).toBeVisible();
  await expect(page.getByText(/More than 24 hours since the customer last wrote/)).toHaveCount(0);
});
