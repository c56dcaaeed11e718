import type { Page } from '@playwright/test';
import { createSimulatorChat } from './chat-data';
import { failedLoads } from './failed-loads';
import { type Api, expect, type Paged, test } from './fixtures';

type Notification = {
  id: string;
  title: string;
  message: string;
  type: 'info' | 'success' | 'warning' | 'error';
  isRead: boolean;
  isSolved: boolean;
  link: string | null;
};

// These tests change the shared demo notifications: they run in this order on one worker and read the
// current state from the API rather than assuming the seed.

const rows = (page: Page) => page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
// By id, not by text: two notifications may read alike (every erased client is "[erased]").
const rowOf = (page: Page, notification: Notification) =>
  page.getByRole('list', { name: 'Notifications' }).locator(`[data-notification-id="${notification.id}"]`);
const badge = (page: Page) => page.getByRole('navigation').getByRole('link', { name: /Notifications/ });

async function chooseFilter(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The first page, as the page shows it first. */
async function list(api: Api, query = ''): Promise<Notification[]> {
  return (await api.get<Paged<Notification>>(`/notifications${query}`)).items;
}

async function expectBadge(page: Page, api: Api) {
  const { count } = await api.get<{ count: number }>('/notifications/unread-count');
  await expect(badge(page)).toHaveText(
    count > 0 ? `Notifications${count > 99 ? '99+' : count}` : 'Notifications',
  );
}

test.beforeEach(async ({ login }) => {
  await login();
});

test('shows every notification with its badges, newest first', async ({ page, api }) => {
  const all = await list(api);
  await page.goto('/notifications');
  await expect(rows(page)).toHaveCount(all.length);

  for (const [index, notification] of all.entries()) {
    const row = rows(page).nth(index);
    await expect(row).toContainText(notification.title);
    await expect(row).toContainText(notification.message);
    await expect(row.getByText(notification.type, { exact: false }).first()).toBeVisible();
    await expect(row.getByText('New', { exact: true })).toHaveCount(notification.isRead ? 0 : 1);
    await expect(row.getByText('Solved', { exact: true })).toHaveCount(notification.isSolved ? 1 : 0);
    await expect(row.getByRole('button', { name: 'Mark as Read' })).toHaveCount(notification.isRead ? 0 : 1);
    await expect(row.getByRole('button', { name: 'Mark as Solved' })).toHaveCount(
      notification.isSolved ? 0 : 1,
    );
    await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(1);
    if (notification.isRead) await expect(row).not.toHaveAttribute('data-unread');
    else await expect(row).toHaveAttribute('data-unread', 'true');
    if (notification.link) {
      await expect(row.getByRole('link', { name: notification.title })).toHaveAttribute(
        'href',
        notification.link,
      );
    }
  }
});

const filterCases = [
  { label: 'Read Status', option: 'Unread', param: 'read=unread', query: '?isRead=false' },
  { label: 'Read Status', option: 'Read', param: 'read=read', query: '?isRead=true' },
  { label: 'Solved Status', option: 'Unsolved', param: 'solved=unsolved', query: '?isSolved=false' },
  { label: 'Solved Status', option: 'Solved', param: 'solved=solved', query: '?isSolved=true' },
  { label: 'Type', option: 'Info', param: 'type=info', query: '?type=info' },
  { label: 'Type', option: 'Success', param: 'type=success', query: '?type=success' },
  { label: 'Type', option: 'Warning', param: 'type=warning', query: '?type=warning' },
  { label: 'Type', option: 'Error', param: 'type=error', query: '?type=error' },
];

for (const filter of filterCases) {
  test(`the ${filter.label} filter '${filter.option}' narrows the list and is kept in the address`, async ({
    page,
    api,
  }) => {
    const total = (await list(api)).length;
    const expected = await list(api, filter.query);
    expect(expected.length, `demo data has ${filter.option} notifications`).toBeGreaterThan(0);
    expect(expected.length, `${filter.option} is a subset`).toBeLessThan(total);

    await page.goto('/notifications');
    await expect(rows(page)).toHaveCount(total);
    await chooseFilter(page, filter.label, filter.option);
    await expect(page).toHaveURL(new RegExp(`\\?${filter.param}$`));
    await expect(rows(page)).toHaveCount(expected.length);
    for (const notification of expected) await expect(rowOf(page, notification)).toHaveCount(1);
  });
}

test('filters combine, and a reload keeps them', async ({ page, api }) => {
  await page.goto('/notifications?read=read&solved=solved&type=warning');
  await expect(page.getByRole('combobox', { name: 'Read Status' })).toHaveValue('Read');
  await expect(page.getByRole('combobox', { name: 'Solved Status' })).toHaveValue('Solved');
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('Warning');
  const combined = await list(api, '?isRead=true&isSolved=true&type=warning');
  expect(combined.length, 'demo data has a read, solved warning').toBeGreaterThan(0);
  await expect(rows(page)).toHaveCount(combined.length);
  for (const notification of combined) await expect(rowOf(page, notification)).toHaveCount(1);
});

test('a filter combination without results shows the empty state', async ({ page, api }) => {
  const none = await list(api, '?isRead=true&isSolved=false&type=error');
  test.skip(none.length > 0, 'the demo data changed');
  await page.goto('/notifications?read=read&solved=unsolved&type=error');
  await expect(page.getByText('No notifications', { exact: true })).toBeVisible();
  await expect(page.getByText("You don't have any notifications at the moment.")).toBeVisible();
});

test('Mark as Read clears the New badge and lowers the unread count', async ({ page, api }) => {
  const [target] = await list(api, '?isRead=false');
  test.skip(!target, 'no unread notification left');
  await page.goto('/notifications');
  await expectBadge(page, api);
  const row = rowOf(page, target!);
  await expect(row.getByText('New', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Mark as Read' }).click();

  await expect(row.getByText('New', { exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Mark as Read' })).toHaveCount(0);
  await expectBadge(page, api);
  const after = await list(api);
  expect(after.find((n) => n.id === target!.id)?.isRead).toBe(true);
});

test('Mark as Solved adds the Solved badge', async ({ page, api }) => {
  const [target] = await list(api, '?isSolved=false');
  test.skip(!target, 'no unsolved notification left');
  await page.goto('/notifications');
  const row = rowOf(page, target!);

  await row.getByRole('button', { name: 'Mark as Solved' }).click();

  await expect(row.getByText('Solved', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Mark as Solved' })).toHaveCount(0);
  const after = await list(api, '?isSolved=true');
  expect(after.some((n) => n.id === target!.id)).toBe(true);
});

test('Delete removes a notification without asking', async ({ page, api }) => {
  const all = await list(api);
  const target = all[all.length - 1];
  test.skip(!target, 'no notification left');
  await page.goto('/notifications');
  await expect(rows(page)).toHaveCount(all.length);

  // The server deletes it at once (a soft delete Undo can restore: feedback.spec.ts covers it).
  const deleted = page.waitForResponse(
    (response) =>
      response.request().method() === 'DELETE' && response.url().endsWith(`/notifications/${target!.id}`),
  );
  await rowOf(page, target!).getByRole('button', { name: 'Delete' }).click();

  await expect(rowOf(page, target!)).toHaveCount(0);
  await expect(rows(page)).toHaveCount(all.length - 1);
  expect((await deleted).ok()).toBe(true);
  await page.reload();
  await expect(rows(page)).toHaveCount(all.length - 1);
  await expectBadge(page, api);
});

test('the badge and the list follow changes made elsewhere in real time', async ({ page, api }) => {
  const unread = await list(api, '?isRead=false');
  test.skip(unread.length === 0, 'no unread notification left');
  await page.goto('/notifications');
  await expectBadge(page, api);
  const target = unread[0]!;
  await expect(rowOf(page, target).getByText('New', { exact: true })).toBeVisible();

  // Another staff member reads it; the page learns it from the event stream, well before the 60 s refresh.
  await api.post(`/notifications/${target.id}/read`);

  await expect(rowOf(page, target).getByText('New', { exact: true })).toHaveCount(0, { timeout: 5_000 });
  await expect(badge(page)).toHaveText(
    unread.length - 1 > 0 ? `Notifications${unread.length - 1}` : 'Notifications',
    { timeout: 5_000 },
  );
});

test('Mark All as Read clears every New badge and the unread count, then has nothing to do', async ({
  page,
  api,
}) => {
  // At least one unread notification, whatever ran before on this server: a chat handed to a person.
  const { sessionId } = await createSimulatorChat(api, 'Hola');
  await api.raw.post('/api/chats/simulator', {
    data: { text: 'Quiero hablar con una persona, por favor', sessionId },
    headers: api.headers,
  });
  await page.goto('/notifications');
  await expect(rows(page).first()).toBeVisible();

  const markAll = page.getByRole('button', { name: 'Mark All as Read' });
  await expect(markAll).toBeEnabled();
  await markAll.click();

  await expect(page.getByText('New', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark as Read' })).toHaveCount(0);
  await expect(badge(page)).toHaveText('Notifications');
  expect((await api.get<{ count: number }>('/notifications/unread-count')).count).toBe(0);
  await expect(markAll).toBeDisabled();

  await chooseFilter(page, 'Read Status', 'Unread');
  await expect(page.getByText('No notifications', { exact: true })).toBeVisible();
  await expect(page.getByText("You don't have any notifications at the moment.")).toBeVisible();
});

test('a load failure says so', async ({ page }) => {
  const failing = await failedLoads(page);
  await page.route('**/api/notifications?**', (route) =>
    route.fulfill({ status: 500, json: { message: 'boom' } }),
  );
  await page.route('**/api/notifications', (route) =>
    route.fulfill({ status: 500, json: { message: 'boom' } }),
  );
  await page.goto('/notifications');
  await failing.shownAfterRetries(page.getByText('Failed to load notifications'));
});
