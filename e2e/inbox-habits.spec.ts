import type { Page } from '@playwright/test';
import { WHOLE_BROWSER } from '../playwright.config';
import { expectAccessibleEverywhere, expectNoSeriousViolations, PHONE } from './axe';
import { type Chat, createHumanChat, createSimulatorChat, whatsappMessage } from './chat-data';
import { createClient } from './client-data';
import { type Api, expect, type Paged, test } from './fixtures';
import { screenshot } from './shots';

type Notification = { id: string; title: string; isRead: boolean; link: string | null };

/** The built-in assistant hands a chat over when the customer asks for a person. */
const ASK_FOR_A_PERSON = 'Quiero hablar con una persona, por favor';

const chatRows = (page: Page) => page.getByRole('list', { name: 'Chats' }).locator('a[data-chat-id]');
const waitingBadge = (page: Page) => page.getByTestId('waiting-badge');
const handoffAlert = (page: Page) => page.getByRole('alert').filter({ hasText: 'Chat needs a person' });
const headerWaiting = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^\d+ waiting for a person$/ });

async function waitingChats(api: Api): Promise<string[]> {
  return (await api.get<{ chatIds: string[] }>('/chats/waiting')).chatIds;
}

/** A simulator chat whose customer asks for a person: the assistant hands it over. */
async function handedOverChat(api: Api) {
  const { chat, sessionId } = await createSimulatorChat(api, 'Hola');
  const handoff = await api.raw.post('/api/chats/simulator', {
    data: { text: ASK_FOR_A_PERSON, sessionId },
    headers: api.headers,
  });
  expect(handoff.status(), await handoff.text()).toBe(200);
  expect(await waitingChats(api)).toContain(chat.id);
  return chat;
}

/** A chat staff have, under a name of the test's own. */
async function namedHumanChat(api: Api, name: string) {
  const { chat } = await createHumanChat(api);
  await api.put(`/contacts/${chat.contact}`, { name });
  return { id: chat.id, name };
}

/** Letters only, so a search for it is a name search, never a phone number. */
function uniqueWord(): string {
  return Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

test.beforeEach(async ({ login }) => {
  await login();
});

// In the whole browser: the headless shell denies web notifications, granted or not.
test('a handoff shows in the tab title and the Chats badge, alerts, and opening the chat clears it', {
  tag: WHOLE_BROWSER,
}, async ({ page, context, api }) => {
  await context.grantPermissions(['notifications']);
  // Records each system notification the page shows; the permission stays the browser's own.
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: { title: string; body?: string }[] = [];
    function Recording(title: string, options?: NotificationOptions) {
      shown.push({ title, ...(options?.body ? { body: options.body } : {}) });
      return { close() {}, onclick: null };
    }
    Object.defineProperty(Recording, 'permission', { get: () => Real.permission });
    Object.assign(Recording, { requestPermission: () => Real.requestPermission() });
    Object.assign(window, { Notification: Recording, shownNotifications: shown });
  });

  await page.goto('/settings/user');
  // The chime is on until the user turns it off; browser notifications need permission first.
  await expect(page.getByRole('switch', { name: 'Play a sound' })).toBeChecked();
  const browserAlerts = page.getByRole('switch', { name: 'Show a browser notification' });
  await expect(browserAlerts).not.toBeChecked();
  await browserAlerts.check();
  await expect(browserAlerts).toBeChecked();

  await page.getByRole('link', { name: /^Chats/ }).click();
  const before = (await waitingChats(api)).length;
  await expect(page).toHaveTitle(before > 0 ? new RegExp(`^\\(${before}\\) Chats · `) : /^Chats · /);

  const { chat, sessionId } = await createSimulatorChat(api, 'Hola');
  const handoff = await api.raw.post('/api/chats/simulator', {
    data: { text: ASK_FOR_A_PERSON, sessionId },
    headers: api.headers,
  });
  expect(handoff.status(), await handoff.text()).toBe(200);
  expect(await waitingChats(api)).toContain(chat.id);

  const count = before + 1;
  await expect(page).toHaveTitle(new RegExp(`^\\(${count}\\) Chats · `));
  // The in-app alert, whatever the switches say, with a link to the chat.
  await expect(handoffAlert(page)).toContainText(`${chat.name} is waiting for a reply.`);
  await expect(handoffAlert(page).getByRole('link', { name: 'Open chat' })).toHaveAttribute(
    'href',
    `/chat/${chat.id}`,
  );
  // The list says it waits, in words, and previews what the customer asked, not the handoff line.
  const row = chatRows(page).filter({ hasText: chat.name });
  await expect(row.getByTestId('waiting-label')).toHaveText('Waiting');
  await expect(row).toContainText(ASK_FOR_A_PERSON);
  await expect(row).not.toContainText('You:');
  await expect(waitingBadge(page)).toHaveText(`${count} chat${count === 1 ? '' : 's'} waiting for a person`);
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications),
    )
    .toContainEqual({ title: 'Chat needs a person', body: `${chat.name} is waiting for a reply.` });

  await row.click();
  await expect(page).toHaveURL(`/chat/${chat.id}`);
  // Opening the chat is what the alert asked for.
  await expect(handoffAlert(page)).toHaveCount(0);
  await expect
    .poll(async () => {
      const { items } = await api.get<Paged<Notification>>('/notifications?limit=100');
      return items
        .filter((item) => item.link === `/chat/${chat.id}`)
        .map(({ title, isRead }) => ({ title, isRead }));
    })
    .toEqual([{ title: 'Chat needs a person', isRead: true }]);
  // Seen is not answered: the customer still waits, and the count says so.
  await expect(page).toHaveTitle(new RegExp(`^\\(${count}\\) Chat: ${escapeRegExp(chat.name)} · `));
  expect(await waitingChats(api)).toContain(chat.id);

  const box = page.getByRole('textbox', { name: 'Message' });
  await box.pressSequentially('Hola, soy Ana, dime', { delay: 30 });
  await box.press('Enter');
  const prefix = before > 0 ? `\\(${before}\\) ` : '';
  await expect(page).toHaveTitle(new RegExp(`^${prefix}Chat: ${escapeRegExp(chat.name)} · `));
  await expect.poll(() => waitingChats(api)).not.toContain(chat.id);
  await expect(row.getByTestId('waiting-label')).toHaveCount(0);
  await expect(row).toContainText('You: Hola, soy Ana, dime');
  if (before === 0) await expect(waitingBadge(page)).toHaveCount(0);
  else await expect(waitingBadge(page)).toHaveText(new RegExp(`^${before} chats? waiting`));
});

test('every open dashboard tab shows the in-app alert, and its link opens the chat', async ({
  page,
  context,
  api,
}) => {
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' }).first()).toBeVisible();
  const other = await context.newPage();
  await other.goto('/');
  await expect(chatRows(other).first()).toBeVisible();

  const chat = await handedOverChat(api);
  for (const tab of [page, other])
    await expect(handoffAlert(tab)).toContainText(`${chat.name} is waiting for a reply.`);

  await handoffAlert(page).getByRole('link', { name: 'Open chat' }).click();
  await expect(page).toHaveURL(`/chat/${chat.id}`);
  await expect(handoffAlert(page)).toHaveCount(0);

  // A person answers in the first tab: the other tab's alert goes, since nobody waits any more.
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.pressSequentially('Hola, dime', { delay: 30 });
  await box.press('Enter');
  await expect(handoffAlert(other)).toHaveCount(0);
  await other.close();
});

test("a waiting chat in the list and the phone header's count, in light and dark", async ({
  page,
  api,
}, testInfo) => {
  await page.goto('/');
  await expect(chatRows(page).first()).toBeVisible();
  const chat = await handedOverChat(api);
  const row = chatRows(page).filter({ hasText: chat.name });
  await expect(row.getByTestId('waiting-label')).toBeVisible();
  await expect(handoffAlert(page)).toBeVisible();
  const count = (await waitingChats(api)).length;
  // Checked in place in both schemes at both sizes. On a phone the menu with the Chats badge is
  // folded away: the header says how many wait.
  await expectAccessibleEverywhere(page, 'the chat list with a waiting chat', {
    shows: row.getByTestId('waiting-label'),
    each: async (size, scheme) => {
      if (size === 'phone') {
        await expect(headerWaiting(page)).toBeVisible();
        await expect(headerWaiting(page)).toHaveText(`${count} waiting for a person`);
        await expect(headerWaiting(page)).toHaveAccessibleName(`${count} waiting for a person`);
      }
      await screenshot(page, testInfo.outputPath(`waiting-list-${size}-${scheme}.png`));
    },
  });

  // Answered: the count drops and the label goes.
  await page.setViewportSize(PHONE);
  await api.put(`/chats/${chat.id}/toggle-ai`);
  await expect(row.getByTestId('waiting-label')).toHaveCount(0);
  if (count === 1) await expect(headerWaiting(page)).toHaveCount(0);
  else await expect(headerWaiting(page)).toHaveAccessibleName(`${count - 1} waiting for a person`);
});

test('a browser that blocks notifications is explained beside the switch, which stays off', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await page.goto('/settings/user');
  const browserAlerts = page.getByRole('switch', { name: 'Show a browser notification' });
  await browserAlerts.click();
  await expect(page.getByRole('alert')).toContainText('Your browser blocks notifications from this site.');
  await expect(browserAlerts).not.toBeChecked();
});

test('Ctrl+K finds a chat by a name typed without accents and opens it', async ({ page, request, api }) => {
  const word = uniqueWord();
  const name = `Íñigo Peñalver ${word}`;
  await whatsappMessage(request, `3466${Math.floor(1_000_000 + Math.random() * 8_999_999)}`, name, 'Hola');
  const chat = (await api.get<Chat[]>(`/chats?search=${encodeURIComponent(word)}`))[0]!;

  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  const search = page.getByRole('textbox', { name: 'Go to a page or find a chat' });
  await expect(search).toBeFocused();
  await search.fill(`inigo penalver ${word}`);
  await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  await expectNoSeriousViolations(page, 'the command palette', { include: '[role="dialog"]' });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/chat/${chat.id}`);
  await expect(page).toHaveTitle(new RegExp(`Chat: ${name} · `));

  // Pages too, and from inside a text field.
  await page.getByRole('textbox', { name: 'Search contacts' }).focus();
  await page.keyboard.press('ControlOrMeta+k');
  await search.fill('notif');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/notifications');
});

test('Ctrl+K finds a client and an employee by name, typed without accents', async ({ page, api }) => {
  const word = uniqueWord();
  const client = await createClient(api, { name: `Begoña Alcántara ${word}` });
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  const search = page.getByRole('textbox', { name: 'Go to a page or find a chat' });
  await search.pressSequentially(`begona alcantara ${word}`, { delay: 30 });
  await page.getByRole('button', { name: new RegExp(`Begoña Alcántara ${word}`) }).click();
  await expect(page).toHaveURL(`/clients/${client.id}`);

  await page.keyboard.press('ControlOrMeta+k');
  await search.pressSequentially('laura', { delay: 30 });
  const employee = page.getByRole('button', { name: /Laura Martín/ }).first();
  await expect(employee).toBeVisible();
  await expectNoSeriousViolations(page, 'the command palette with an employee', {
    include: '[role="dialog"]',
  });
  await employee.click();
  await expect(page).toHaveURL(/\/employee\/[0-9a-f-]{36}$/);
});

test('Alt+↓ and Alt+↑ move to the next and the previous chat in the list', async ({ page, api }) => {
  // Two chats of this test alone, shown through a search: other chats' activity cannot reorder them.
  const word = uniqueWord();
  const older = await namedHumanChat(api, `Alt ${word} older`);
  const newer = await namedHumanChat(api, `Alt ${word} newer`);
  await page.goto(`/?search=${word}`);
  await expect(chatRows(page)).toHaveCount(2);
  await expect(chatRows(page).first()).toContainText(newer.name);

  await page.keyboard.press('Alt+ArrowDown');
  await expect(page).toHaveURL(`/chat/${newer.id}?search=${word}`);
  // The conversation's page loads on its first visit; the keys work once it shows.
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page).toHaveURL(`/chat/${older.id}?search=${word}`);
  // The new chat's message box has the focus, so the reply is typed there at once.
  const messageBox = page.getByRole('textbox', { name: 'Message', exact: true });
  await expect(messageBox).toBeFocused();
  // Also while typing a reply.
  await messageBox.pressSequentially('Hola', { delay: 30 });
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page).toHaveURL(`/chat/${newer.id}?search=${word}`);
  await expect(messageBox).toBeFocused();
  await page.keyboard.type('Buenos días', { delay: 30 });
  await expect(messageBox).toHaveValue('Buenos días');
  // Each chat kept its own text: nothing typed around a switch lands in the other one.
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page).toHaveURL(`/chat/${older.id}?search=${word}`);
  await expect(messageBox).toBeFocused();
  await expect(messageBox).toHaveValue('Hola');
});

test('Esc closes the navigation menu on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const employees = page.getByRole('link', { name: 'Employees' });
  await expect(employees).not.toBeInViewport();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(employees).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(employees).not.toBeInViewport();
});

test('? lists the keyboard shortcuts, except while typing', async ({ page }) => {
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  const search = page.getByRole('textbox', { name: 'Search contacts' });
  await search.focus();
  await page.keyboard.press('Shift+?');
  await expect(search).toHaveValue('?');
  await expect(dialog).toHaveCount(0);
  await search.fill('');
  await search.blur();

  await page.keyboard.press('Shift+?');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Go to a page or find a chat');
  await expect(dialog).toContainText('Previous or next chat');
  await expectNoSeriousViolations(page, 'the shortcuts dialog', { include: '[role="dialog"]' });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
