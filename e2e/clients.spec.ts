import type { Page } from '@playwright/test';
import { type Client, choose, createClient, createSubscription } from './client-data';
import { expect, type Paged, test } from './fixtures';
import { createEmployee, uniquePhone, uniqueSuffix } from './staff-data';

const table = (page: Page) => page.getByRole('table', { name: 'Clients' });
const rowOf = (page: Page, client: Pick<Client, 'name'>) =>
  table(page).getByRole('row').filter({ hasText: client.name });
const search = (page: Page) => page.getByRole('textbox', { name: 'Search clients' });

test.beforeEach(async ({ login }) => {
  await login();
});

test('the list searches name, email and phone, filters by status, and keeps both in the address', async ({
  page,
  api,
}) => {
  const suffix = uniqueSuffix();
  // Three or more digits also match phones digit by digit, so the phone holds none of the suffix's.
  const digits = String(Math.floor(100_000 + Math.random() * 900_000));
  const lead = await createClient(api, {
    name: `Lead ${suffix}`,
    status: 'lead',
    email: `lead-${suffix}@example.com`,
  });
  const former = await createClient(api, {
    name: `Former ${suffix}`,
    status: 'former',
    phone: `+44 7000 ${digits}`,
  });

  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  const row = rowOf(page, lead);
  await expect(row).toContainText(lead.email!);
  await expect(row).toContainText(lead.phone);
  await expect(row.getByText('Lead', { exact: true })).toBeVisible();
  await expect(row).toContainText('WhatsApp');

  await search(page).fill(suffix);
  await expect(table(page).getByRole('row')).toHaveCount(3);
  await search(page).fill(`LEAD-${suffix}@`);
  await expect(rowOf(page, lead)).toHaveCount(1);
  await expect(rowOf(page, former)).toHaveCount(0);
  await search(page).fill(`7000 ${digits}`);
  await expect(rowOf(page, former)).toHaveCount(1);
  await expect(rowOf(page, lead)).toHaveCount(0);

  await search(page).fill(suffix);
  await choose(page, 'Status', 'Former');
  await expect(rowOf(page, former)).toHaveCount(1);
  await expect(rowOf(page, lead)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`search=${suffix}.*status=former|status=former.*search=${suffix}`));

  await page.reload();
  await expect(search(page)).toHaveValue(suffix);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Former');
  await expect(table(page).getByRole('row')).toHaveCount(2);

  await choose(page, 'Status', 'Active');
  await expect(page.getByText('No clients found')).toBeVisible();
});

test('the status filter shows clients of each status', async ({ page }) => {
  await page.goto('/clients');
  for (const status of ['Lead', 'Active', 'Inactive', 'Former']) {
    await choose(page, 'Status', status);
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();
    const badges = table(page).locator('tbody tr td:nth-child(3)');
    await expect(badges.first()).toHaveText(status);
    expect(new Set(await badges.allTextContents())).toEqual(new Set([status]));
  }
});

test('a new client needs a name and phone, defaults to a WhatsApp lead and opens its detail', async ({
  page,
}) => {
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Add Client' }).click();
  await expect(page).toHaveURL(/\/clients\/new$/);
  await expect(page.getByRole('heading', { name: 'New Client' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Lead');
  await expect(page.getByRole('combobox', { name: 'Source' })).toHaveValue('WhatsApp');

  await page.getByRole('button', { name: 'Create Client' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Phone is required')).toBeVisible();

  const name = `New Client ${uniqueSuffix()}`;
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Phone/).fill('+34 600 111 222');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Create Client' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Create Client' }).click();

  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Lead', { exact: true })).toBeVisible();
  await expect(page.getByText('WhatsApp', { exact: true })).toBeVisible();
});

test('editing saves every field', async ({ page, api }) => {
  const client = await createClient(api);
  const employee = await createEmployee(api);
  const suffix = uniqueSuffix();
  const phone = uniquePhone();

  await page.goto(`/clients/${client.id}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}/edit$`));
  await expect(page.getByLabel(/^Name/)).toHaveValue(client.name);

  await page.getByLabel(/^Name/).fill(`Edited ${suffix}`);
  await page.getByLabel(/^Phone/).fill(phone);
  await page.getByLabel('Email').fill(`edited-${suffix}@example.com`);
  await choose(page, 'Status', 'Inactive');
  await choose(page, 'Source', 'Referral');
  await choose(page, 'Assigned Employee', employee.name);
  await page.getByLabel('Street').fill('Calle Mayor 1');
  await page.getByLabel('City').fill('Madrid');
  await page.getByLabel('State / Province').fill('Comunidad de Madrid');
  await page.getByLabel('Zip Code').fill('28013');
  await page.getByLabel('Country').fill('Spain');
  await page.getByLabel('Notes').fill(`Prefers mornings ${suffix}`);
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
  await expect(page.getByRole('heading', { name: `Edited ${suffix}` })).toBeVisible();
  await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
  const details = page.getByRole('tabpanel', { name: 'Client Details' });
  await expect(details).toContainText(`edited-${suffix}@example.com`);
  await expect(details).toContainText('Referral');
  await expect(details).toContainText(employee.name);
  await expect(details).toContainText('Calle Mayor 1, 28013 Madrid, Comunidad de Madrid, Spain');
  await expect(details).toContainText(`Prefers mornings ${suffix}`);

  const saved = await api.get<Client>(`/clients/${client.id}`);
  expect(saved).toMatchObject({
    name: `Edited ${suffix}`,
    phone,
    email: `edited-${suffix}@example.com`,
    status: 'inactive',
    source: 'referral',
    assignedEmployee: { id: employee.id, name: employee.name },
    address: {
      street: 'Calle Mayor 1',
      city: 'Madrid',
      state: 'Comunidad de Madrid',
      zipCode: '28013',
      country: 'Spain',
    },
    notes: `Prefers mornings ${suffix}`,
  });

  // Cancel goes back without saving.
  await page.goto(`/clients/${client.id}/edit`);
  await page.getByLabel('Email').fill('');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
  expect((await api.get<Client>(`/clients/${client.id}`)).email).toBe(`edited-${suffix}@example.com`);
});

test('the detail shows appointments, subscription and payments of a demo client in tabs', async ({
  page,
  api,
}) => {
  const [david] = (await api.get<Paged<Client>>('/clients?search=David%20Romero')).items;
  expect(david).toBeTruthy();
  await page.goto(`/clients/${david!.id}`);
  await expect(page.getByRole('heading', { name: 'David Romero' })).toBeVisible();
  const details = page.getByRole('tabpanel', { name: 'Client Details' });
  await expect(details).toContainText('david.romero@example.com');
  await expect(details).toContainText('Referral');

  await page.getByRole('tab', { name: 'Appointments' }).click();
  await expect(page).toHaveURL(/tab=appointments/);
  const appointments = page.getByRole('table', { name: 'Client appointments' });
  await expect(appointments.getByRole('row').filter({ hasText: 'Completed' }).first()).toBeVisible();
  await appointments.getByRole('link', { name: 'View' }).first().click();
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
  await page.goBack();

  await page.getByRole('tab', { name: 'Payments & Subscriptions' }).click();
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(subscription).toContainText('Premium Plan');
  await expect(subscription.getByText('Active', { exact: true })).toBeVisible();
  await expect(subscription.getByText('Canceling', { exact: true })).toBeVisible();
  // Already canceling: no second cancel.
  await expect(subscription.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('row').filter({ hasText: 'Premium Plan (1)' })).toContainText('$29.99');

  await subscription.getByRole('link', { name: 'Update' }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${david!.id}/edit$`));
});

test('a recorded payment appears in the payments table', async ({ page, api }) => {
  const client = await createClient(api);
  await page.goto(`/clients/${client.id}?tab=billing`);
  await expect(page.getByText('No payments yet')).toBeVisible();

  await page.getByRole('button', { name: 'Create Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Payment' });
  await dialog.getByRole('button', { name: 'Save Payment' }).click();
  await expect(dialog.getByText('Amount must be a positive number')).toBeVisible();

  await dialog.getByLabel(/^Amount/).fill('12.5');
  await choose(page, 'Currency', 'EUR');
  await dialog.getByLabel('Payment Method').fill('cash');
  await dialog.getByLabel('Description').fill('Single session');
  await dialog.getByRole('button', { name: 'Save Payment' }).click();
  await expect(dialog).toBeHidden();

  const row = page
    .getByRole('table', { name: 'Payments' })
    .getByRole('row')
    .filter({ hasText: 'Single session' });
  await expect(row).toContainText('€12.50');
  await expect(row).toContainText('cash');
  await expect(row).toContainText('Completed');
});

test('Create subscription opens the form with the client chosen', async ({ page, api }) => {
  const client = await createClient(api);
  await page.goto(`/clients/${client.id}?tab=billing`);
  await expect(page.getByText('This client has no subscription.')).toBeVisible();
  await page.getByRole('link', { name: 'Create subscription' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscriptions/new\\?clientId=${client.id}$`));
  await expect(page.getByRole('combobox', { name: /^Client/ })).toHaveValue(
    `${client.name} (${client.email})`,
  );
});

test('the subscription summary cancels at the end of the period', async ({ page, api }) => {
  const client = await createClient(api);
  await createSubscription(api, client, 'Standard Plan');
  await page.goto(`/clients/${client.id}?tab=billing`);
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(subscription).toContainText('Standard Plan');
  await expect(subscription.getByText('Canceling', { exact: true })).toHaveCount(0);

  await subscription.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
  await expect(dialog.getByRole('radio', { name: 'Cancel at end of billing period' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Confirm Cancellation' }).click();
  await expect(dialog).toBeHidden();
  await expect(subscription.getByText('Canceling', { exact: true })).toBeVisible();
  await expect(subscription.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
});

test('a client with a chat links to it', async ({ page, api }) => {
  const withChat = (await api.get<Paged<Client>>('/clients?limit=100')).items.find((client) => client.chatId);
  expect(withChat, 'a demo client shares a phone with a chat').toBeTruthy();
  await page.goto(`/clients/${withChat!.id}`);
  await expect(page.getByRole('link', { name: 'Open chat' })).toHaveAttribute(
    'href',
    `/chat/${withChat!.chatId}`,
  );

  const client = await createClient(api);
  await page.goto(`/clients/${client.id}`);
  await expect(page.getByRole('heading', { name: client.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open chat' })).toHaveCount(0);
});

test('deleting asks first, from the list and from the detail', async ({ page, api }) => {
  const first = await createClient(api);
  const second = await createClient(api);

  await page.goto(`/clients?search=${encodeURIComponent(first.name)}`);
  await rowOf(page, first).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Client' });
  await expect(dialog).toContainText(first.name);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, first)).toHaveCount(1);

  await rowOf(page, first).getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No clients found')).toBeVisible();

  await page.goto(`/clients/${second.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Client' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(rowOf(page, second)).toHaveCount(0);

  await page.goto(`/clients/${second.id}`);
  await expect(page.getByText('Client not found')).toBeVisible();
  await page.goto(`/clients/${second.id}/edit`);
  await expect(page.getByText('Client not found')).toBeVisible();
  await expect(page.getByText('This client may have been deleted.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Back to Clients' }).click();
  await expect(page).toHaveURL(/\/clients$/);
});

test('Back to Clients returns to the list as it was left, its search and status, after tabs, an edit or a deletion', async ({
  page,
  api,
}) => {
  const suffix = uniqueSuffix();
  const lead = await createClient(api, { name: `Backtrack ${suffix}`, status: 'lead' });
  const active = await createClient(api, { name: `Backtrack Active ${suffix}`, status: 'active' });
  const asLeft = (url: URL) =>
    url.pathname === '/clients' &&
    url.searchParams.get('search') === suffix &&
    url.searchParams.get('status') === 'lead';
  const expectListAsLeft = async () => {
    await expect(page).toHaveURL(asLeft);
    await expect(search(page)).toHaveValue(suffix);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Lead');
    await expect(rowOf(page, lead)).toHaveCount(1);
    await expect(rowOf(page, active)).toHaveCount(0);
  };
  const back = () => page.getByRole('main').getByRole('link', { name: 'Back to Clients' }).click();

  await page.goto('/clients');
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  // Typed as a receptionist types, then narrowed by status.
  await search(page).pressSequentially(suffix, { delay: 80 });
  await expect(rowOf(page, active)).toHaveCount(1);
  await choose(page, 'Status', 'Lead');
  await expectListAsLeft();

  // Opened by its name, looked through its tabs, and back.
  await rowOf(page, lead).getByRole('link', { name: lead.name }).click();
  await expect(page.getByRole('heading', { name: lead.name })).toBeVisible();
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await expect(page).toHaveURL(/\?tab=appointments$/);
  await back();
  await expectListAsLeft();

  // Edited from its row: saving opens the detail, whose Back still knows the list.
  await rowOf(page, lead).getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Notes').pressSequentially('Calls after six', { delay: 40 });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Client Details' })).toContainText('Calls after six');
  await back();
  await expectListAsLeft();

  // Deleted from its detail: back on the same list, without it.
  await rowOf(page, lead).getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name: lead.name })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Client' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(asLeft);
  await expect(search(page)).toHaveValue(suffix);
  await expect(rowOf(page, lead)).toHaveCount(0);
});

test('the list loads the next clients as it scrolls, and from a Load more button', async ({ page, api }) => {
  const suffix = uniqueSuffix();
  for (let index = 0; index < 55; index++) {
    await createClient(api, { name: `Paged ${suffix} ${String(index).padStart(2, '0')}` });
  }
  const loadMore = page.getByRole('button', { name: 'Load more' });

  await page.goto(`/clients?search=${suffix}`);
  // The newest 50 first, then the rest once the end of the list comes into view.
  await expect(table(page).getByRole('row')).toHaveCount(51);
  await expect(rowOf(page, { name: `Paged ${suffix} 54` })).toBeVisible();
  await expect(rowOf(page, { name: `Paged ${suffix} 04` })).toHaveCount(0);
  await loadMore.scrollIntoViewIfNeeded();
  await expect(table(page).getByRole('row')).toHaveCount(56);
  await expect(rowOf(page, { name: `Paged ${suffix} 00` })).toHaveCount(1);
  await expect(loadMore).toHaveCount(0);

  // A new search starts again from its first page.
  await search(page).fill(`Paged ${suffix} 3`);
  await expect(table(page).getByRole('row')).toHaveCount(11);
  await expect(loadMore).toHaveCount(0);

  // Without IntersectionObserver the button still loads the next page.
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'IntersectionObserver');
  });
  await page.goto(`/clients?search=${suffix}`);
  await expect(table(page).getByRole('row')).toHaveCount(51);
  await loadMore.click();
  await expect(table(page).getByRole('row')).toHaveCount(56);
  await expect(loadMore).toHaveCount(0);
});

test('search finds names whatever their accents and case', async ({ page, api }) => {
  const suffix = uniqueSuffix();
  const lucia = await createClient(api, { name: `Lucía García ${suffix}` });
  await page.goto('/clients');
  await search(page).fill(`LUCIA GARCIA ${suffix}`);
  await expect(rowOf(page, lucia)).toHaveCount(1);
  await expect(table(page).getByRole('row')).toHaveCount(2);
});
