import type { Page } from '@playwright/test';
import { createHumanChat, createSimulatorChat } from './chat-data';
import { createClient } from './client-data';
import { type Api, expect, type Paged, test } from './fixtures';
import { uniqueSuffix } from './staff-data';

type Notification = { id: string; title: string; message: string; link: string | null };

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });
const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('link', { name, exact: true });
const discardDialog = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });
async function notificationIds(api: Api): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : '?limit=100';
    const page: Paged<Notification> = await api.get<Paged<Notification>>(`/notifications${query}`);
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

test.beforeEach(async ({ login }) => {
  await login();
});

test('creating, saving and deleting a client each confirm with a toast', async ({ page }) => {
  const name = `Toast Client ${uniqueSuffix()}`;
  await page.goto('/clients/new');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Phone' }).fill('+34 600 111 222');
  await page.getByRole('button', { name: 'Create Client' }).click();
  await expect(toast(page, 'Client created')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await page.goto(page.url().replace(/\/?$/, '/edit'));
  await page.getByRole('textbox', { name: 'City' }).fill('Sevilla');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Client saved')).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Client' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Client deleted')).toBeVisible();
});

/**
 * A notification of this test's own (a chat handed to a person), so no other spec's deletions or the
 * demo data decide what it finds.
 */
async function ownNotification(api: Api): Promise<Notification> {
  const { chat, sessionId } = await createSimulatorChat(api, 'Hola');
  await api.post('/chats/simulator', { text: 'Quiero hablar con una persona, por favor', sessionId });
  let found: Notification | undefined;
  await expect
    .poll(async () => {
      found = (await api.get<Paged<Notification>>('/notifications?limit=100')).items.find(
        (n) => n.link === `/chat/${chat.id}`,
      );
      return found;
    })
    .toBeDefined();
  return found!;
}

/** The notifications page once its list (or its empty state) has loaded. */
const listLoaded = (page: Page) =>
  page.getByRole('list', { name: 'Notifications' }).or(page.getByText('No notifications', { exact: true }));

const ownRow = (page: Page, notification: Notification) =>
  page
    .getByRole('list', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href="${notification.link}"]`) });

test('a deleted notification is deleted on the server at once; Undo restores it there', async ({
  page,
  api,
}) => {
  const target = await ownNotification(api);
  await page.goto('/notifications');
  const row = ownRow(page, target);
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  // The toast comes once the server has deleted it: nothing waits in the tab.
  const undo = toast(page, 'Notification deleted').getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  expect(await notificationIds(api)).not.toContain(target.id);

  await undo.click();
  await expect(row).toHaveCount(1);
  expect(await notificationIds(api)).toContain(target.id);
  await page.reload();
  await expect(row).toHaveCount(1);

  // Deleted and left alone, it stays deleted across a reload.
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Notification deleted')).toBeVisible();
  await page.reload();
  await expect(listLoaded(page)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await notificationIds(api)).not.toContain(target.id);
});

test('a notification deleted right before signing out stays deleted', async ({ page, login, api }) => {
  const target = await ownNotification(api);
  // A session of the page's own, so signing out leaves the spec's API session alone.
  await login({ fresh: true });
  await page.goto('/notifications');
  const row = ownRow(page, target);
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Notification deleted')).toBeVisible();

  // Well inside the undo window, without leaving the app: the old tab-side deletion never reached the server.
  await page
    .getByRole('navigation')
    .getByRole('link', { name: /View settings/ })
    .click();
  await page.getByRole('tab', { name: 'User Settings' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  expect(await notificationIds(api)).not.toContain(target.id);
  // Signed in again once the demo account is filled in (a click before that signs in no one), the
  // list has it no more.
  await expect(page.getByRole('textbox', { name: 'Username' })).not.toHaveValue('');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/notifications');
  await expect(listLoaded(page)).toBeVisible();
  await expect(ownRow(page, target)).toHaveCount(0);
});

type CannedReply = { id: string; name: string; text: string };

/** Typed as a person types, a key at a time. */
const HUMAN = { delay: 30 };
const cannedReplyIds = async (api: Api) =>
  (await api.get<CannedReply[]>('/canned-replies')).map((reply) => reply.id);

/** Two replies of this test's own, one name the prefix of both, so `/prefix` in a chat lists both. */
async function ownCannedReplies(api: Api) {
  const prefix = `undo${uniqueSuffix()}`;
  const kept = await api.post<CannedReply>('/canned-replies', { name: `${prefix}kept`, text: 'Still here' });
  const gone = await api.post<CannedReply>('/canned-replies', { name: `${prefix}gone`, text: 'Deleted' });
  return { prefix, kept, gone };
}

async function openCannedRepliesSettings(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Canned Replies' }).click();
  await expect(page.getByRole('list', { name: 'Canned replies' })).toBeVisible();
}

const cannedReplyRow = (page: Page, reply: CannedReply) =>
  page
    .getByRole('list', { name: 'Canned replies' })
    .getByRole('listitem')
    .filter({ hasText: `/${reply.name}` });

/** What the chat's message box offers for `/prefix`, typed key by key. */
async function offeredInChat(page: Page, api: Api, prefix: string) {
  const { chat } = await createHumanChat(api);
  await page.goto(`/chat/${chat.id}`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.click();
  await box.pressSequentially(`/${prefix}`, HUMAN);
  return page.getByRole('listbox', { name: 'Canned replies' }).getByRole('option');
}

test('a deleted canned reply is deleted on the server at once; Undo restores it there', async ({
  page,
  api,
}) => {
  const { prefix, kept, gone } = await ownCannedReplies(api);
  await openCannedRepliesSettings(page);
  const row = cannedReplyRow(page, gone);
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Delete canned reply /${gone.name}` }).click();
  await expect(row).toHaveCount(0);
  // The toast comes once the server has deleted it: nothing waits in the tab.
  const undo = toast(page, `Canned reply /${gone.name} deleted`).getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  expect(await cannedReplyIds(api)).not.toContain(gone.id);

  await undo.click();
  await expect(row).toHaveCount(1);
  expect(await cannedReplyIds(api)).toContain(gone.id);
  await page.reload();
  await expect(row).toHaveCount(1);

  // Deleted and left alone, it stays deleted across a reload, and the chat's `/` list leaves it out.
  await row.getByRole('button', { name: `Delete canned reply /${gone.name}` }).click();
  await expect(toast(page, `Canned reply /${gone.name} deleted`)).toBeVisible();
  await page.reload();
  await expect(cannedReplyRow(page, kept)).toHaveCount(1);
  await expect(row).toHaveCount(0);
  const offered = await offeredInChat(page, api, prefix);
  await expect(offered.filter({ hasText: `/${kept.name}` })).toHaveCount(1);
  await expect(offered.filter({ hasText: `/${gone.name}` })).toHaveCount(0);
});

test('a canned reply deleted right before signing out stays deleted', async ({ page, login, api }) => {
  const { prefix, kept, gone } = await ownCannedReplies(api);
  // A session of the page's own, so signing out leaves the spec's API session alone.
  await login({ fresh: true });
  await openCannedRepliesSettings(page);
  await cannedReplyRow(page, gone)
    .getByRole('button', { name: `Delete canned reply /${gone.name}` })
    .click();
  await expect(toast(page, `Canned reply /${gone.name} deleted`)).toBeVisible();

  // Well inside the undo window, without leaving the app: the old tab-side deletion never reached the server.
  await page.getByRole('tab', { name: 'User Settings' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  expect(await cannedReplyIds(api)).not.toContain(gone.id);
  // Signed in again once the demo account is filled in (a click before that signs in no one), neither
  // Settings nor the chat's `/` list has it.
  await expect(page.getByRole('textbox', { name: 'Username' })).not.toHaveValue('');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await openCannedRepliesSettings(page);
  await expect(cannedReplyRow(page, kept)).toHaveCount(1);
  await expect(cannedReplyRow(page, gone)).toHaveCount(0);
  const offered = await offeredInChat(page, api, prefix);
  await expect(offered.filter({ hasText: `/${kept.name}` })).toHaveCount(1);
  await expect(offered.filter({ hasText: `/${gone.name}` })).toHaveCount(0);
});

test('leaving a client form with unsaved changes asks first: Stay keeps the text, Discard leaves', async ({
  page,
}) => {
  await page.goto('/clients/new');
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('Half typed');

  await sidebarLink(page, 'Employees').click();
  await expect(discardDialog(page)).toBeVisible();
  await discardDialog(page).getByRole('button', { name: 'Stay' }).click();
  await expect(discardDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/clients\/new$/);
  await expect(name).toHaveValue('Half typed');

  await sidebarLink(page, 'Employees').click();
  await discardDialog(page).getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/employees$/);
  await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible();
});

test('Back from a form with unsaved changes asks first too', async ({ page }) => {
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Add Client' }).click();
  await expect(page).toHaveURL(/\/clients\/new$/);
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('Half typed');

  await page.goBack();
  await expect(discardDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/new$/);
  await discardDialog(page).getByRole('button', { name: 'Stay' }).click();
  await expect(name).toHaveValue('Half typed');

  await page.goBack();
  await discardDialog(page).getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/clients$/);
});

test('dismissing the contact dialog with changes asks first', async ({ page, api }) => {
  const { chat } = await createHumanChat(api);
  await page.goto(`/chat/${chat.id}`);
  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name: 'Edit Contact Info' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Contact Information' });
  await dialog.getByLabel('Notes').fill('Prefers mornings');

  await page.keyboard.press('Escape');
  await expect(discardDialog(page)).toBeVisible();
  await discardDialog(page).getByRole('button', { name: 'Stay' }).click();
  await expect(discardDialog(page)).toBeHidden();
  await expect(dialog.getByLabel('Notes')).toHaveValue('Prefers mornings');

  await page.keyboard.press('Escape');
  await discardDialog(page).getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(discardDialog(page)).toBeHidden();
});

test('reloading a form with unsaved changes has the browser ask, and a saved form does not', async ({
  page,
  api,
}) => {
  const client = await createClient(api);
  await page.goto(`/clients/${client.id}/edit`);
  await page.getByRole('textbox', { name: 'City' }).fill('Bilbao');

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });
  // Dismissed, the reload never finishes: wait for the browser's question, not for a timeout.
  const asked = page.waitForEvent('dialog');
  void page.reload().catch(() => {});
  await asked;
  expect(dialogs).toEqual(['beforeunload']);
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Bilbao');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
  await page.reload();
  expect(dialogs).toEqual(['beforeunload']);
});

test('deleting your own account says why in the dialog', async ({ page }) => {
  await page.goto('/employees?search=admin');
  const row = page.getByRole('table', { name: 'Employees' }).getByRole('row').filter({ hasText: '@admin' });
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Employee' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You cannot delete your own account');
  await expect(dialog).toBeVisible();
});
