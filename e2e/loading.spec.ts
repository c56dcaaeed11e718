import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Lists and records show placeholders in the shape of their content while they load, not a spinner. */
test.beforeEach(async ({ login }) => {
  await login();
});

/** Holds the API's answers to `pattern` until the returned function is called. */
async function holdResponses(page: Page, pattern: RegExp) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

for (const { path, api, label } of [
  { path: '/clients', api: /\/api\/clients(\?|$)/, label: 'Loading clients' },
  { path: '/employees', api: /\/api\/employees(\?|$)/, label: 'Loading employees' },
  { path: '/subscriptions', api: /\/api\/subscriptions(\?|$)/, label: 'Loading subscriptions' },
  { path: '/notifications', api: /\/api\/notifications(\?|$)/, label: 'Loading notifications' },
]) {
  test(`${path} shows placeholder rows while it loads`, async ({ page }) => {
    const release = await holdResponses(page, api);
    await page.goto(path);
    const loading = page.getByRole('status', { name: label });
    await expect(loading).toBeVisible();
    await expect(loading.locator('.mantine-Skeleton-root').first()).toBeVisible();
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    release();
    await expect(loading).toHaveCount(0);
  });
}

test('a client shows a placeholder record while it loads', async ({ page, api }) => {
  const { items } = await api.get<{ items: { id: string }[] }>('/clients?limit=1');
  const id = items[0]?.id as string;
  const release = await holdResponses(page, new RegExp(`/api/clients/${id}$`));
  await page.goto(`/clients/${id}`);
  await expect(
    page.getByRole('status', { name: 'Loading client' }).locator('.mantine-Skeleton-root').first(),
  ).toBeVisible();
  release();
  await expect(page.getByRole('status', { name: 'Loading client' })).toHaveCount(0);
});

test('a record address whose id cannot exist shows the not-found state, not a network failure', async ({
  page,
  api,
}) => {
  const pages = [
    { path: '/appointments/not-a-uuid', endpoint: '/appointments/not-a-uuid', text: 'Appointment not found' },
    { path: '/clients/xyz', endpoint: '/clients/xyz', text: 'Client not found' },
    { path: '/clients/xyz/edit', endpoint: '/clients/xyz', text: 'Client not found' },
    { path: '/subscriptions/xyz', endpoint: '/subscriptions/xyz', text: 'Subscription not found' },
    { path: '/employee/xyz', endpoint: '/employees/xyz', text: 'Employee not found' },
    { path: '/chat/xyz', endpoint: '/chats/xyz', text: 'Chat not found' },
  ];
  for (const { path, endpoint, text } of pages) {
    // The API refuses such an id with a 4xx and a message, never a 5xx.
    const response = await api.raw.get(`/api${endpoint}`, { headers: api.headers });
    expect(response.status(), endpoint).toBe(400);
    expect((await response.json()) as { message: string }).toMatchObject({ message: expect.any(String) });

    await page.goto(path);
    await expect(page.getByText(text, { exact: true }), path).toBeVisible();
    await expect(page.getByText(/Check your connection/)).toHaveCount(0);
    await expect(page.getByText('Failed to load chat. Please try again.')).toHaveCount(0);
  }
});
