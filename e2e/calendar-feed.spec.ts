import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bookAppointment, createEmployee } from './staff-data';

const feedLink = (page: Page) => page.getByRole('textbox', { name: 'Feed link' });
/** The feed's path on this run's server: the link's host is the server's configured public address. */
const feedPath = (webcalUrl: string) => new URL(webcalUrl).pathname;

async function openAvailability(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('tab', { name: 'Availability Schedule' }).click();
}

test.beforeEach(async ({ login }) => {
  await login();
});

test("an employee's calendar feed: copy the link, add it to Google, regenerate it", async ({
  page,
  api,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const employee = await createEmployee(api);
  const appointment = await bookAppointment(api, employee);
  await openAvailability(page, `/employee/${employee.id}`);

  await expect(page.getByRole('heading', { name: 'Calendar feed' })).toBeVisible();
  const link = feedLink(page);
  await expect(link).toHaveValue(/^webcal:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{32,}\.ics$/);
  const oldUrl = await link.inputValue();
  await expect(page.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
    'href',
    `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(oldUrl)}`,
  );

  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);

  const feed = await api.raw.get(feedPath(oldUrl));
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain(`UID:${appointment.id}@chatdesk`);

  // It asks first, and Cancel changes nothing.
  await page.getByRole('button', { name: 'Regenerate link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regenerate calendar link?' });
  await expect(dialog).toContainText('Anyone using the old link will stop receiving updates');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(link).toHaveValue(oldUrl);
  expect((await api.raw.get(feedPath(oldUrl))).status()).toBe(200);

  await page.getByRole('button', { name: 'Regenerate link' }).click();
  await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(link).not.toHaveValue(oldUrl);
  const newUrl = await link.inputValue();
  expect(newUrl).toMatch(/^webcal:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{32,}\.ics$/);

  const old = await api.raw.get(feedPath(oldUrl));
  expect(old.status()).toBe(404);
  expect(await old.json()).toEqual({ message: 'Calendar feed not found' });
  const fresh = await api.raw.get(feedPath(newUrl));
  expect(fresh.status()).toBe(200);
  expect(await fresh.text()).toContain(`UID:${appointment.id}@chatdesk`);

  // The new link is the one kept: a reload shows it again.
  await openAvailability(page, `/employee/${employee.id}`);
  await expect(feedLink(page)).toHaveValue(newUrl);
});

test('a new employee has no calendar feed until they are saved', async ({ page }) => {
  await openAvailability(page, '/employee/new');
  await expect(page.getByRole('heading', { name: 'Weekly availability' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Calendar feed' })).toHaveCount(0);
});
