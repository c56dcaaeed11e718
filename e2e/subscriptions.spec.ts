import type { Page } from '@playwright/test';
import { type Client, choose, createClient, createSubscription, type Subscription } from './client-data';
import { expect, type Paged, test } from './fixtures';

const table = (page: Page) => page.getByRole('table', { name: 'Subscriptions' });
const search = (page: Page) => page.getByRole('textbox', { name: 'Search subscriptions' });

test.beforeEach(async ({ login }) => {
  await login();
});

test('the list searches client and plan, filters by status, and keeps both in the address', async ({
  page,
  api,
}) => {
  const client = await createClient(api);
  await createSubscription(api, client, 'Premium Plan');

  await page.goto('/subscriptions');
  await expect(page.getByRole('heading', { name: 'Subscriptions' })).toBeVisible();
  // The demo subscription that runs out at the end of its period.
  const david = table(page).getByRole('row').filter({ hasText: 'David Romero' });
  await expect(david).toContainText('Premium Plan');
  await expect(david).toContainText('$29.99 / month');
  await expect(david.getByText('Canceling', { exact: true })).toBeVisible();

  await search(page).fill(client.name);
  await expect(table(page).getByRole('row')).toHaveCount(2);
  const row = table(page).getByRole('row').filter({ hasText: client.name });
  await expect(row).toContainText('Premium Plan');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await search(page).fill('annual standard');
  await expect(table(page).getByRole('row').filter({ hasText: 'Annual Standard' }).first()).toBeVisible();
  await expect(table(page).getByRole('row').filter({ hasText: 'Basic Plan' })).toHaveCount(0);

  await search(page).fill('');
  await choose(page, 'Status', 'Past Due');
  await expect(page).toHaveURL(/status=past_due/);
  const statuses = table(page).locator('tbody tr td:nth-child(4)');
  await expect(statuses.first()).toHaveText('Past Due');
  expect(new Set(await statuses.allTextContents())).toEqual(new Set(['Past Due']));
  await expect(table(page).getByRole('row').filter({ hasText: 'Irene' })).toHaveCount(1);

  await search(page).fill('Irene');
  // The address follows the box once typing pauses; a reload gives back what it holds.
  await expect(page).toHaveURL(/search=Irene/);
  await page.reload();
  await expect(search(page)).toHaveValue('Irene');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Past Due');
  await expect(table(page).getByRole('row')).toHaveCount(2);

  await choose(page, 'Status', 'Trialing');
  await expect(page.getByText('No subscriptions found')).toBeVisible();

  // A row opens its detail; the client name opens the client.
  await page.goto('/subscriptions?search=David%20Romero');
  await david.getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(/\/subscriptions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Premium Plan' })).toBeVisible();
  await page.goBack();
  await david.getByRole('link', { name: 'David Romero' }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
});

test('a canceling subscription shows the badge and offers no cancel', async ({ page, api }) => {
  const [david] = (await api.get<Paged<Subscription>>('/subscriptions?search=David%20Romero')).items;
  await page.goto(`/subscriptions/${david!.id}`);
  await expect(page.getByRole('heading', { name: 'Premium Plan' })).toBeVisible();
  await expect(page.getByText('Canceling', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'David Romero' })).toBeVisible();
  await expect(page.getByText('Carlos', { exact: false }).first()).toBeVisible();
});

test('cancel at the end of the billing period shows Canceling and hides the button', async ({
  page,
  api,
}) => {
  const client = await createClient(api);
  const subscription = await createSubscription(api, client, 'Standard Plan');
  await page.goto(`/subscriptions/${subscription.id}`);
  await expect(page.getByText('$19.99 / month')).toBeVisible();
  await expect(page.getByText('Canceling', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
  await expect(dialog.getByRole('radio', { name: 'Cancel at end of billing period' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('Canceling', { exact: true })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  expect((await api.get<Subscription>(`/subscriptions/${subscription.id}`)).cancelAtPeriodEnd).toBe(true);
});

test('cancel immediately ends the subscription', async ({ page, api }) => {
  const client = await createClient(api);
  const subscription = await createSubscription(api, client);
  await page.goto(`/subscriptions/${subscription.id}`);

  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
  await dialog.getByRole('radio', { name: 'Cancel immediately' }).check();
  await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('Canceled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  expect((await api.get<Subscription>(`/subscriptions/${subscription.id}`)).status).toBe('canceled');
});

test('the create form fills plan fields, shows Creating... and opens the new subscription', async ({
  page,
  api,
}) => {
  const client = await createClient(api);
  await page.goto('/subscriptions');
  await page.getByRole('link', { name: 'Create Subscription' }).click();
  await expect(page).toHaveURL(/\/subscriptions\/new$/);

  const clientSelect = page.getByRole('combobox', { name: /^Client/ });
  await expect(clientSelect).toHaveAttribute('placeholder', 'Select a client');
  await expect(page.getByRole('combobox', { name: /^Plan/ })).toHaveValue('Basic Plan - $9.99/month');
  await expect(page.getByLabel(/^Plan Name/)).toHaveValue('Basic Plan');
  await expect(page.getByLabel(/^Amount/)).toHaveValue('9.99');
  await expect(page.getByRole('combobox', { name: /^Billing Interval/ })).toHaveValue('Monthly');
  await expect(page.getByRole('combobox', { name: /^Currency/ })).toHaveValue('USD');
  await expect(page.getByText('Visa ending in 4242, Expires 12/2025')).toBeVisible();

  await page.getByRole('button', { name: 'Create Subscription' }).click();
  await expect(page.getByText('Client is required')).toBeVisible();

  await choose(page, /^Plan/, 'Annual Standard - $199.99/year');
  await expect(page.getByLabel(/^Plan Name/)).toHaveValue('Annual Standard');
  await expect(page.getByLabel(/^Amount/)).toHaveValue('199.99');
  await expect(page.getByRole('combobox', { name: /^Billing Interval/ })).toHaveValue('Yearly');

  await page.getByLabel(/^Plan Name/).fill('');
  await page.getByLabel(/^Amount/).fill('');
  await page.getByRole('button', { name: 'Create Subscription' }).click();
  await expect(page.getByText('Plan name is required')).toBeVisible();
  await expect(page.getByText('Amount must be a number of at least 0')).toBeVisible();

  await clientSelect.fill(client.name);
  await page.getByRole('option', { name: `${client.name} (${client.email})` }).click();
  await page.getByLabel(/^Plan Name/).fill('Annual Standard (staff)');
  await page.getByLabel(/^Amount/).fill('150.5');
  await choose(page, /^Currency/, 'EUR');

  // Hold the request a moment so the busy label can be seen.
  await page.route('**/api/subscriptions', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Create Subscription' }).click();
  await expect(page.getByRole('button', { name: 'Creating...' })).toBeDisabled();

  await expect(page).toHaveURL(/\/subscriptions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Annual Standard (staff)' })).toBeVisible();
  await expect(page.getByText('€150.50 / year')).toBeVisible();
  await expect(page.getByRole('link', { name: client.name })).toBeVisible();
  const id = page.url().split('/').pop()!;
  const created = await api.get<Subscription>(`/subscriptions/${id}`);
  expect(created).toMatchObject({
    client: { id: client.id },
    planName: 'Annual Standard (staff)',
    amount: 150.5,
    currency: 'eur',
    interval: 'year',
  });
  const detail = await api.get<Client & { subscription: { id: string } | null }>(`/clients/${client.id}`);
  expect(detail.subscription?.id).toBe(id);
});

test('Back to Subscriptions returns to the list as it was left, its search and status', async ({
  page,
  api,
}) => {
  const client = await createClient(api);
  await createSubscription(api, client, 'Premium Plan');
  const asLeft = (url: URL) =>
    url.pathname === '/subscriptions' &&
    url.searchParams.get('search') === client.name &&
    url.searchParams.get('status') === 'active';
  const row = table(page).getByRole('row').filter({ hasText: client.name });
  const expectListAsLeft = async () => {
    await expect(page).toHaveURL(asLeft);
    await expect(search(page)).toHaveValue(client.name);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Active');
    await expect(row).toHaveCount(1);
  };
  const back = () => page.getByRole('main').getByRole('link', { name: 'Back to Subscriptions' }).click();

  await page.goto('/subscriptions');
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  await search(page).pressSequentially(client.name, { delay: 30 });
  await choose(page, 'Status', 'Active');
  await expectListAsLeft();

  // By its plan link, then by a click on the row itself.
  await row.getByRole('link', { name: 'Premium Plan' }).click();
  await expect(page.getByRole('heading', { name: 'Premium Plan' })).toBeVisible();
  await back();
  await expectListAsLeft();
  await row.getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(/\/subscriptions\/[0-9a-f-]{36}$/);
  await back();
  await expectListAsLeft();

  // Its client's page is another list's: Back to Clients there leads to the plain clients list.
  await row.getByRole('link', { name: client.name }).click();
  await page.getByRole('main').getByRole('link', { name: 'Back to Clients' }).click();
  await expect(page).toHaveURL(/\/clients$/);
});

test('Cancel on the create form returns to the list', async ({ page }) => {
  await page.goto('/subscriptions/new');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
});

test('an unknown subscription reads Subscription not found', async ({ page }) => {
  await page.goto('/subscriptions/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Subscription not found')).toBeVisible();
});
