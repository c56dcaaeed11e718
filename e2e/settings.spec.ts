import type { Page } from '@playwright/test';
import { ADMIN, apiAs, apiLogin, expect, storedToken, test } from './fixtures';

type Company = {
  name: string;
  information: string;
  industry: string | null;
  website: string | null;
  logo: string | null;
  systemPrompt: string | null;
  timeZone: string;
  language: 'es' | 'en';
};

async function openSection(page: Page, name: 'Profile Information' | 'Change Password') {
  const toggle = page.getByRole('button', { name: new RegExp(`^${name}`) });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return toggle;
}

test.beforeEach(async ({ login }) => {
  await login();
});

/** Sections whose list grows with the business's data: only their controls must fit a screen. */
const GROWING_LISTS = new Set([
  'Assistant Lessons',
  'Test Set',
  'Closed Days',
  'Canned Replies',
  'Privacy Requests',
]);

const SECTIONS = [
  {
    tab: 'User Settings',
    url: '/settings/user',
    shows: (page: Page) => page.getByRole('button', { name: 'Logout' }),
  },
  { tab: 'Company Settings', url: '/settings', shows: (page: Page) => page.getByLabel('Company Name') },
  { tab: 'Assistant', url: '/settings/assistant', shows: (page: Page) => page.getByLabel('System Prompt') },
  {
    tab: 'Assistant Lessons',
    url: '/settings/lessons',
    shows: (page: Page) => page.getByRole('button', { name: 'Add lesson' }),
  },
  {
    tab: 'Test Set',
    url: '/settings/test-set',
    shows: (page: Page) => page.getByRole('button', { name: 'Add test' }),
  },
  {
    tab: 'Bookings',
    url: '/settings/bookings',
    shows: (page: Page) => page.getByRole('button', { name: 'Save booking settings' }),
  },
  {
    tab: 'Closed Days',
    url: '/settings/closed-days',
    shows: (page: Page) => page.getByRole('form', { name: 'Add closed days' }),
  },
  {
    tab: 'Canned Replies',
    url: '/settings/canned-replies',
    shows: (page: Page) => page.getByRole('button', { name: 'Add canned reply' }),
  },
  {
    tab: 'Privacy Requests',
    url: '/settings/privacy',
    shows: (page: Page) => page.getByRole('heading', { name: 'Privacy requests' }),
  },
] as const;

test.describe('settings sections', () => {
  test('Company Settings is the default tab', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Company Settings' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: 'User Settings' })).toHaveAttribute('aria-selected', 'false');
    await page.getByRole('tab', { name: 'User Settings' }).click();
    await expect(page.getByRole('button', { name: /^Profile Information/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Change Password/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('each section has its own address, kept on reload, and the old tab links still lead there', async ({
    page,
  }) => {
    await page.goto('/settings/user');
    for (const section of SECTIONS) {
      await page.getByRole('tab', { name: section.tab, exact: true }).click();
      await expect(page).toHaveURL(section.url);
      await expect(section.shows(page)).toBeVisible();
      await page.reload();
      await expect(page.getByRole('tab', { name: section.tab, exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(section.shows(page)).toBeVisible();
    }
    await page.goto('/settings/user');
    await expect(page).toHaveURL('/settings/user');
    await page.goto('/settings?tab=canned');
    await expect(page).toHaveURL('/settings/canned-replies');
    await page.goto('/settings/company');
    await expect(page).toHaveURL('/settings');
    await expect(page.getByLabel('Company Name')).toBeVisible();
  });

  test('each section fits a 1366×768 laptop screen, with the system prompt box capped', async ({
    page,
    api,
  }) => {
    const before = await api.get<Company>('/company');
    // A long prompt, as a real business writes one: the box grows to a limit, then scrolls inside.
    const longPrompt = Array.from({ length: 60 }, (_, i) => `${i + 1}. Answer politely.`).join('\n');
    await api.put('/company', { ...before, systemPrompt: longPrompt });
    try {
      await page.setViewportSize({ width: 1366, height: 768 });
      for (const section of SECTIONS) {
        await page.goto(section.url);
        await expect(section.shows(page)).toBeVisible();
        if (GROWING_LISTS.has(section.tab)) {
          // A list grows with what the business adds (other tests add canned replies and closed
          // days too): its controls must be on the first screen, the rest may scroll.
          const box = await section.shows(page).boundingBox();
          expect(box, `${section.tab}'s controls on the first screen`).not.toBeNull();
          expect(
            box!.y + box!.height,
            `${section.tab}'s controls end at ${box!.y + box!.height} px`,
          ).toBeLessThanOrEqual(768);
          continue;
        }
        // The page's own height; 'or close' leaves room for the Company Settings card's save row.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(height, `${section.tab} is ${height} px tall`).toBeLessThanOrEqual(900);
      }
      const prompt = page.getByLabel('System Prompt');
      await page.goto('/settings/assistant');
      await expect(prompt).toHaveValue(longPrompt);
      const box = await prompt.evaluate((element) => ({
        height: element.clientHeight,
        content: element.scrollHeight,
      }));
      expect(box.height).toBeLessThan(450);
      expect(box.content).toBeGreaterThan(box.height);
    } finally {
      await api.put('/company', { ...before });
    }
  });

  test('leaving a section with unsaved changes asks first: Stay keeps the text, Discard leaves', async ({
    page,
    api,
  }) => {
    const { name } = await api.get<Company>('/company');
    await page.goto('/settings');
    const companyName = page.getByLabel('Company Name');
    await expect(companyName).toHaveValue(name);
    await companyName.click();
    await companyName.press('End');
    await companyName.pressSequentially(' Edited', { delay: 40 });

    await page.getByRole('tab', { name: 'Assistant', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL('/settings');
    await expect(companyName).toHaveValue(`${name} Edited`);

    await page.getByRole('tab', { name: 'Assistant', exact: true }).click();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL('/settings/assistant');
    await page.getByRole('tab', { name: 'Company Settings' }).click();
    await expect(companyName).toHaveValue(name);
  });
});

test.describe('company settings', () => {
  test('shows the saved company and its fields', async ({ page, api }) => {
    const company = await api.get<Company>('/company');
    await page.goto('/settings');
    await expect(page.getByLabel('Company Name')).toHaveValue(company.name);
    await expect(page.getByLabel('Company Information')).toHaveValue(company.information);
    await expect(page.getByLabel('Company Information')).toHaveAttribute('rows', '6');
    await expect(page.getByLabel('Industry')).toHaveValue(company.industry ?? '');
    await expect(page.getByLabel('Website')).toHaveValue(company.website ?? '');
    await expect(page.getByLabel('Logo URL')).toHaveValue(company.logo ?? '');
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(company.timeZone);

    // What the assistant is told to do, and in which language, is its own section.
    await page.getByRole('tab', { name: 'Assistant', exact: true }).click();
    await expect(page.getByLabel('System Prompt')).toHaveValue(company.systemPrompt ?? '');
    await expect(page.getByRole('combobox', { name: 'Business language' })).toHaveValue('Español');
  });

  test('the Assistant section saves the prompt and keeps what Company Settings saved', async ({
    page,
    api,
  }) => {
    const before = await api.get<Company>('/company');
    const prompt = `Be brief. ${Date.now()}`;
    await page.goto('/settings/assistant');
    const box = page.getByLabel('System Prompt');
    await expect(box).toHaveValue(before.systemPrompt ?? '');
    await box.click();
    await box.press('ControlOrMeta+a');
    await box.pressSequentially(prompt, { delay: 20 });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Company information saved successfully!')).toBeVisible();

    const after = await api.get<Company>('/company');
    expect(after).toEqual({ ...before, systemPrompt: prompt });
    await api.put('/company', { ...before });
  });

  test('saving shows the success message for 3 seconds and keeps the change', async ({ page, api }) => {
    const before = await api.get<Company>('/company');
    const industry = `Wellbeing ${Date.now()}`;
    await page.clock.install();
    await page.goto('/settings');
    await page.getByLabel('Industry').fill(industry);
    // The page's clock stands still from here, so the 3 seconds are the page's, not the machine's.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('button', { name: 'Save Changes' }).click();

    const message = page.getByText('Company information saved successfully!');
    await expect(message).toBeVisible();
    await page.clock.runFor(2_900);
    await expect(message).toBeVisible();
    await page.clock.runFor(200);
    await expect(message).toBeHidden();
    await page.clock.resume();

    expect((await api.get<Company>('/company')).industry).toBe(industry);
    await page.reload();
    await expect(page.getByLabel('Industry')).toHaveValue(industry);
    await api.put('/company', { ...before });
  });

  test('the time zone is a searchable list of IANA names', async ({ page, api }) => {
    const before = await api.get<Company>('/company');
    await page.goto('/settings');
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.click();
    await zone.fill('New_York');
    await page.getByRole('option', { name: 'America/New_York' }).click();
    await expect(zone).toHaveValue('America/New_York');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Company information saved successfully!')).toBeVisible();
    expect((await api.get<Company>('/company')).timeZone).toBe('America/New_York');
    await api.put('/company', { ...before });
  });

  test('the business language is Español or English and is saved', async ({ page, api }) => {
    const before = await api.get<Company>('/company');
    expect(before.language).toBe('es');
    await page.goto('/settings/assistant');
    const language = page.getByRole('combobox', { name: 'Business language' });
    await language.click();
    await expect(page.getByRole('option')).toHaveText(['Español', 'English']);
    await page.getByRole('option', { name: 'English' }).click();
    await expect(language).toHaveValue('English');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Company information saved successfully!')).toBeVisible();
    expect((await api.get<Company>('/company')).language).toBe('en');
    await page.reload();
    await expect(language).toHaveValue('English');
    await api.put('/company', { ...before });
  });

  test('required fields and URLs are checked before saving', async ({ page }) => {
    let saves = 0;
    await page.route('**/api/company', (route) => {
      if (route.request().method() === 'PUT') saves += 1;
      return route.continue();
    });
    await page.goto('/settings');
    await page.getByLabel('Company Name').fill('');
    await page.getByLabel('Company Information').fill('   ');
    await page.getByLabel('Website').fill('not a url');
    await page.getByLabel('Logo URL').fill('ftp://example.com/logo.png');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByText('Company name is required')).toBeVisible();
    await expect(page.getByText('Company information is required')).toBeVisible();
    await expect(page.getByText('Website must be a valid URL')).toBeVisible();
    await expect(page.getByText('Logo must be a valid URL')).toBeVisible();
    expect(saves).toBe(0);

    await page.getByLabel('Company Name').fill('Acme');
    await expect(page.getByText('Company name is required')).toHaveCount(0);
  });

  test('a failed save says so', async ({ page }) => {
    await page.route('**/api/company', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { message: 'Internal error' } })
        : route.continue(),
    );
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to save company information. Please try again.');
  });
});

test.describe('profile', () => {
  test('saving the profile updates the account label', async ({ page, api }) => {
    const before = await api.get<{ name: string; email: string }>('/users/profile');
    const name = `Laura Tester ${Date.now()}`;
    await page.clock.install();
    await page.goto('/settings/user');
    await openSection(page, 'Profile Information');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(before.name);
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(before.email);

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('button', { name: 'Save Profile' }).click();

    const message = page.getByText('Profile information saved successfully!');
    await expect(message).toBeVisible();
    await expect(page.getByRole('link', { name: /View settings/ })).toContainText(name);
    // Its 3 seconds (timed to the tenth in 'saving shows the success message for 3 seconds') pass on
    // the page's clock rather than the test's.
    await page.clock.fastForward(3_000);
    await expect(message).toBeHidden();
    expect((await api.get<{ name: string }>('/users/profile')).name).toBe(name);
    await api.put('/users/profile', before);
  });

  test('name and email are required and the email must be valid', async ({ page }) => {
    await page.goto('/settings/user');
    await openSection(page, 'Profile Information');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  });

  test('a failed save says so', async ({ page }) => {
    await page.route('**/api/users/profile', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await page.goto('/settings/user');
    await openSection(page, 'Profile Information');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveValue('');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to save user information. Please try again.');
  });
});

test.describe('change password', () => {
  const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

  test('each field is validated and its error clears when edited', async ({ page }) => {
    await page.goto('/settings/user');
    await openSection(page, 'Change Password');
    const submit = page.getByRole('button', { name: 'Update Password' });

    await submit.click();
    await expect(page.getByText('Current password is required')).toBeVisible();
    await expect(page.getByText('New password is required')).toBeVisible();
    await expect(page.getByText('Please confirm your new password')).toBeVisible();

    await field(page, 'Current Password').fill('x');
    await expect(page.getByText('Current password is required')).toHaveCount(0);
    await expect(page.getByText('New password is required')).toBeVisible();

    await field(page, 'New Password').fill('short');
    await field(page, 'Confirm New Password').fill('short-but-different');
    await submit.click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await field(page, 'Confirm New Password').fill('short');
    await expect(page.getByText('Passwords do not match')).toHaveCount(0);
  });

  test('a wrong current password shows the server message', async ({ page }) => {
    await page.goto('/settings/user');
    await openSection(page, 'Change Password');
    await field(page, 'Current Password').fill('definitely-wrong');
    await field(page, 'New Password').fill('new-password-123');
    await field(page, 'Confirm New Password').fill('new-password-123');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Current password is incorrect');
    await expect(page).toHaveURL(/\/settings/);
  });

  test('a failure without a server message shows the fallback text', async ({ page }) => {
    await page.route('**/api/users/password', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/settings/user');
    await openSection(page, 'Change Password');
    await field(page, 'Current Password').fill(ADMIN.password);
    await field(page, 'New Password').fill('new-password-123');
    await field(page, 'Confirm New Password').fill('new-password-123');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to change password. Please try again.');
  });

  test('closing the section clears its fields and errors', async ({ page }) => {
    await page.goto('/settings/user');
    const toggle = await openSection(page, 'Change Password');
    await field(page, 'Current Password').fill('something');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('New password is required')).toBeVisible();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(field(page, 'Current Password')).toHaveValue('');
    await expect(field(page, 'New Password')).toHaveValue('');
    await expect(field(page, 'Confirm New Password')).toHaveValue('');
    await expect(page.getByText('New password is required')).toHaveCount(0);
  });

  test('changing the password works and the old one stops working', async ({ page, request }) => {
    const newPassword = `changed-${Date.now()}`;
    await page.clock.install();
    await page.goto('/settings/user');
    await openSection(page, 'Change Password');
    await field(page, 'Current Password').fill(ADMIN.password);
    await field(page, 'New Password').fill(newPassword);
    await field(page, 'Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();

    const message = page.getByText('Password changed successfully!');
    await expect(message).toBeVisible();
    await expect(field(page, 'Current Password')).toHaveValue('');
    // Its 3 seconds pass on the page's clock rather than the test's.
    await page.clock.fastForward(3_000);
    await expect(message).toBeHidden();

    const token = await apiLogin(request, { username: ADMIN.username, password: newPassword });
    expect((await request.post('/api/auth/login', { data: ADMIN })).status()).toBe(401);

    // Put the demo password back so the other specs can sign in.
    await apiAs(request, token).put('/users/password', {
      currentPassword: newPassword,
      newPassword: ADMIN.password,
    });
    await apiLogin(request);
  });
});

test.describe('logout', () => {
  test('Logout ends the session and opens the login page', async ({ page, login, request }) => {
    const token = await login({ fresh: true });
    await page.goto('/settings/user');
    await page.getByRole('button', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
    expect(
      (await request.get('/api/auth/verify', { headers: { Authorization: `Bearer ${token}` } })).status(),
    ).toBe(401);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });
});
