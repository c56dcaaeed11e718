import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { type Api, expect, type Paged, test } from './fixtures';
import { screenshot } from './shots';

type Subscription = {
  id: string;
  client: { email: string | null };
  employee: { name: string } | null;
  status: string;
  amount: number;
  currency: string;
  interval: string;
};

const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authentication: '4000 0025 0000 3155',
} as const;

let counter = 0;

/** An address of this test alone, so the subscription it makes can be found again. */
const uniqueEmail = (label: string) =>
  `sub-${label}-${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

async function openPage(page: Page, username: string, email?: string) {
  await page.goto(`/subscription/${username}${email ? `/${encodeURIComponent(email)}` : ''}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Subscribe with / })).toBeVisible();
}

async function subscribeWith(page: Page, email: string, number: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
}

/** As a person does: clears what is there and types, key by key. */
async function typeInto(page: Page, label: string, text: string) {
  const field = page.getByLabel(label);
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text, { delay: 30 });
}

async function typeCard(page: Page, number: string) {
  await typeInto(page, 'Card number', number.replace(/ /g, ''));
  await typeInto(page, 'Expiry date', '1234');
  await typeInto(page, 'CVC', '123');
}

const subscriptionsOf = async (api: Api, email: string) =>
  (await api.get<Paged<Subscription>>(`/subscriptions?search=${encodeURIComponent(email)}`)).items;

test.describe('public subscribe page', () => {
  test('shows the employee, the premium plan and its monthly price', async ({ page }) => {
    await openPage(page, 'carlos');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribe with Carlos Ruiz' })).toBeVisible();
    await expect(page.getByText(/exclusive premium content .* with a monthly subscription/i)).toBeVisible();
    await expect(page.getByText('Premium Subscription', { exact: true })).toBeVisible();
    await expect(page.getByText('€9.99', { exact: true })).toBeVisible();
    await expect(page.getByText('Billed monthly, cancel anytime', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email Address')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
  });

  test('prefills the email from the link', async ({ page }) => {
    await page.goto('/subscription/marta/ana%40example.com');
    await expect(page.getByRole('heading', { name: 'Subscribe with Marta Navarro' })).toBeVisible();
    await expect(page.getByLabel('Email Address')).toHaveValue('ana@example.com');
  });

  test('is a public page without the staff shell', async ({ page }) => {
    await openPage(page, 'lucia');
    await expect(page).toHaveURL('/subscription/lucia');
    await expect(page.getByText('View settings')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Chats' })).toHaveCount(0);
  });

  test('refuses an invalid email address', async ({ page }) => {
    await openPage(page, 'javier');
    await subscribeWith(page, 'not-an-email', CARDS.success);
    await expect(page.getByText('Please enter a valid email address.', { exact: true })).toBeVisible();
    await expect(page.getByText('Success!')).toHaveCount(0);
  });

  test('a valid card subscribes the visitor, who becomes a client without a phone', async ({
    page,
    api,
    login,
  }) => {
    const email = uniqueEmail('ok');
    await openPage(page, 'carlos');
    await subscribeWith(page, email, CARDS.success);

    await expect(page.getByText('Success!', { exact: true })).toBeVisible();
    await expect(page.getByText('Subscription successful!', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toHaveCount(0);

    const found = await subscriptionsOf(api, email);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      client: { email },
      employee: { name: 'Carlos Ruiz' },
      status: 'active',
      currency: 'eur',
      interval: 'month',
    });

    // The page asks only for an email: staff see the new client with an empty phone shown as such.
    await login();
    await page.goto(`/clients?search=${encodeURIComponent(email)}`);
    const row = page.getByRole('table', { name: 'Clients' }).getByRole('row').filter({ hasText: email });
    await expect(row.getByRole('cell').nth(1)).toHaveText('—');
  });

  test('a declined card shows the bank’s answer and can be retried', async ({ page, api }) => {
    const email = uniqueEmail('declined');
    await openPage(page, 'lucia');
    await subscribeWith(page, email, CARDS.declined);

    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    await expect(page.getByText('Success!')).toHaveCount(0);
    expect(await subscriptionsOf(api, email)).toHaveLength(0);
  });

  test('a card that needs a security check subscribes once it is approved', async ({ page, api }) => {
    const email = uniqueEmail('3ds-ok');
    await openPage(page, 'javier');
    await subscribeWith(page, email, CARDS.authentication);

    const dialog = page.getByRole('dialog', { name: 'Complete authentication' });
    await expect(dialog).toBeVisible();
    await expect(page.getByText('Please complete the security check.', { exact: true })).toBeVisible();
    await expect(dialog.getByText('€9.99')).toBeVisible();
    await dialog.getByRole('button', { name: 'Approve' }).click();

    await expect(
      page.getByText('Security check successful! Your subscription is being processed.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Success!', { exact: true })).toBeVisible();
    await expect.poll(async () => (await subscriptionsOf(api, email))[0]?.status).toBe('active');
  });

  test('a failed security check says why and starts no subscription', async ({ page, api }) => {
    const email = uniqueEmail('3ds-fail');
    await openPage(page, 'marta');
    await subscribeWith(page, email, CARDS.authentication);

    const dialog = page.getByRole('dialog', { name: 'Complete authentication' });
    await dialog.getByRole('button', { name: 'Fail' }).click();

    await expect(
      page.getByRole('alert').filter({
        hasText:
          'Security check failed: We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    const found = await subscriptionsOf(api, email);
    expect(found.every((subscription) => subscription.status !== 'active')).toBe(true);
  });

  test('after a failed security check the visitor retries with another card and subscribes', async ({
    page,
    api,
  }, testInfo) => {
    const email = uniqueEmail('3ds-retry');
    await openPage(page, 'lucia');
    await typeInto(page, 'Email Address', email);
    await typeCard(page, CARDS.authentication);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();

    const dialog = page.getByRole('dialog', { name: 'Complete authentication' });
    await dialog.getByRole('button', { name: 'Fail' }).click();
    const failure = page
      .getByRole('alert')
      .filter({ hasText: 'Security check failed: We are unable to authenticate your payment method.' });
    await expect(failure).toBeVisible();
    await expect(dialog).toBeHidden();
    await expectNoSeriousViolations(page, 'the subscribe page after a failed security check');
    // The failed attempt is no subscription staff would see.
    expect(await subscriptionsOf(api, email)).toHaveLength(0);

    // As the message advises: another card, same email.
    await typeCard(page, CARDS.success);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();

    await expect(page.getByText('Success!', { exact: true })).toBeVisible();
    await expect(page.getByText('Subscription successful!', { exact: true })).toBeVisible();
    await expect(page.getByText(/already has a subscription/)).toHaveCount(0);
    await screenshot(page, testInfo.outputPath('subscribe-retry-success.png'), { fullPage: true });

    const found = await subscriptionsOf(api, email);
    expect(found.map((subscription) => subscription.status)).toEqual(['active']);
    expect(found[0]).toMatchObject({ client: { email }, employee: { name: 'Lucía Fernández' } });
  });

  test('an unknown employee leads to the not-found page', async ({ page }) => {
    await page.goto('/subscription/no-such-employee');
    await expect(page).toHaveURL('/404');
  });
});
