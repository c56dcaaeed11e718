import { expect, test } from './fixtures';

const SECTIONS = [
  { link: 'Employees', path: '/employees', heading: 'Employees' },
  { link: 'Clients', path: '/clients', heading: 'Clients' },
  { link: 'Subscriptions', path: '/subscriptions', heading: 'Subscriptions' },
  { link: 'Notifications', path: '/notifications', heading: 'Notifications' },
  { link: 'Appointments', path: '/appointments', heading: 'Appointments' },
  { link: 'Insights', path: '/insights', heading: 'Insights' },
  { link: 'Chats', path: '/', heading: 'Chats' },
] as const;

test.describe('navigation shell', () => {
  test('sidebar links open each section and highlight the current one', async ({ page, login }) => {
    await login();
    await page.goto('/settings');
    const nav = page.getByRole('navigation');

    for (const section of SECTIONS) {
      const link = nav.getByRole('link', { name: section.link });
      await link.click();
      await expect(page).toHaveURL(section.path);
      await expect(page.getByRole('heading', { name: section.heading, level: 2 })).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('a staff page asks for its own code before the session check, not after the layout', async ({
    page,
    login,
  }) => {
    await login();
    // Left to rendering, the page's chunk would be requested only after the layout had rendered,
    // which waits for the shell and for this session check.
    let pageChunkRequested = false;
    let pageChunkBeforeVerify: boolean | undefined;
    page.on('request', (request) => {
      if (/\/assets\/notifications-page-[\w-]+\.js$/.test(request.url())) pageChunkRequested = true;
    });
    await page.route('**/api/auth/verify', async (route) => {
      pageChunkBeforeVerify ??= pageChunkRequested;
      await route.continue();
    });
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 2 })).toBeVisible();
    expect(pageChunkBeforeVerify).toBe(true);
  });

  test('detail pages keep their section highlighted', async ({ page, login }) => {
    await login();
    await page.goto('/clients/123/edit');
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Clients', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.goto('/dashboard');
    // The item's name grows with the waiting count ("Chats 2 chats waiting…") when other tests hand chats over.
    await expect(nav.getByRole('link', { name: /^Chats\b/ })).toHaveAttribute('aria-current', 'page');
  });

  test('the account link shows who is signed in and opens the settings', async ({ page, login, api }) => {
    await login();
    const { user } = await api.get<{ user: { name: string; email: string } }>('/auth/verify');
    await page.goto('/');

    const account = page.getByRole('link', { name: /View settings/ });
    await expect(account).toContainText(user.name);
    await expect(account).toContainText(user.email);
    await account.click();
    await expect(page).toHaveURL('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  });

  test('the header shows the company name and never the kind of business', async ({ page, login, api }) => {
    await login();
    const company = await api.get<{ name: string; industry: string | null }>('/company');
    await page.goto('/');
    await expect(page.getByRole('banner')).toContainText(company.name);
    if (company.industry) await expect(page.getByRole('banner')).not.toContainText(company.industry);
  });

  test('on a small screen the sidebar is a drawer behind a burger button', async ({ page, login }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await login();
    await page.goto('/');

    const link = page.getByRole('link', { name: 'Appointments' });
    await expect(link).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page).toHaveURL('/appointments');
    await expect(link).not.toBeInViewport();
  });
});

test.describe('unread badge', () => {
  const notificationsLink = (page: import('@playwright/test').Page) =>
    page.getByRole('navigation').getByRole('link', { name: /Notifications/ });

  test('shows the unread count from the server', async ({ page, login, api }) => {
    await login();
    const { count } = await api.get<{ count: number }>('/notifications/unread-count');
    await page.goto('/');
    if (count > 0) await expect(notificationsLink(page)).toHaveText(`Notifications${count}`);
    else await expect(notificationsLink(page)).toHaveText('Notifications');
  });

  test("shows '99+' above 99 and nothing at zero", async ({ page, login }) => {
    let count = 120;
    await page.route('**/api/notifications/unread-count', (route) => route.fulfill({ json: { count } }));
    await login();
    await page.goto('/');
    await expect(notificationsLink(page)).toHaveText('Notifications99+');

    count = 0;
    await page.goto('/employees');
    await expect(notificationsLink(page)).toHaveText('Notifications');
  });

  test('refreshes every 60 seconds', async ({ page, login }) => {
    await page.clock.install();
    let count = 3;
    let calls = 0;
    await page.route('**/api/notifications/unread-count', (route) => {
      calls += 1;
      return route.fulfill({ json: { count } });
    });
    await login();
    await page.goto('/employees');
    await expect(notificationsLink(page)).toHaveText('Notifications3');
    const callsAfterLoad = calls;

    count = 42;
    await page.clock.fastForward(30_000);
    await page.waitForTimeout(300);
    await expect(notificationsLink(page)).toHaveText('Notifications3');

    await page.clock.fastForward(31_000);
    await expect(notificationsLink(page)).toHaveText('Notifications42');
    expect(calls).toBeGreaterThan(callsAfterLoad);
  });
});

test.describe('page not found', () => {
  for (const path of ['/404', '/this/does/not/exist']) {
    test(`${path} shows Page Not Found and leads back to the dashboard`, async ({ page, login }) => {
      await login();
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      await page.getByRole('link', { name: 'Go to Dashboard' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { name: 'Chats' })).toBeVisible();
    });
  }

  test('shows without signing in too', async ({ page }) => {
    await page.goto('/nothing-here');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  });
});
