import type { Page } from '@playwright/test';
import { createHumanChat } from './chat-data';
import { createClient } from './client-data';
import { type Api, expect, type Paged, test } from './fixtures';
import { uniqueSuffix } from './staff-data';

type Notification = { id: string; title: string; message: string };

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });
const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('link', { name, exact: true });
const discardDialog = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });
const notificationRow = (page: Page, notification: Notification) =>
  page
    .getByRole('list', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: notification.message });

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

test('a deleted notification comes back with Undo, and is deleted on the server when not undone', async ({
  page,
  api,
}) => {
  const all = (await api.get<Paged<Notification>>('/notifications')).items;
  const target = all[all.length - 1];
  test.skip(!target, 'no notification left');
  await page.goto('/notifications');
  const row = notificationRow(page, target!);
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await toast(page, 'Notification deleted').getByRole('button', { name: 'Undo' }).click();
  await expect(row).toHaveCount(1);
  // Past the undo window nothing was sent: the server still has it.
  await page.waitForTimeout(6_000);
  expect(await notificationIds(api)).toContain(target!.id);

  const deleted = page.waitForResponse(
    (response) =>
      response.request().method() === 'DELETE' && response.url().endsWith(`/api/notifications/${target!.id}`),
  );
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(toast(page, 'Notification deleted')).toBeVisible();
  expect((await deleted).ok()).toBe(true);
  expect(await notificationIds(api)).not.toContain(target!.id);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a deletion still waiting is sent when the page goes away', async ({ page, api }) => {
  const all = (await api.get<Paged<Notification>>('/notifications')).items;
  const target = all[0];
  test.skip(!target, 'no notification left');
  await page.goto('/notifications');
  await notificationRow(page, target!).getByRole('button', { name: 'Delete' }).click();
  await expect(notificationRow(page, target!)).toHaveCount(0);

  // Long before the undo window ends, the tab leaves the app.
  await page.goto('about:blank');
  await expect.poll(() => notificationIds(api), { timeout: 4_000 }).not.toContain(target!.id);
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
  await page.reload({ timeout: 5_000 }).catch(() => {});
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
