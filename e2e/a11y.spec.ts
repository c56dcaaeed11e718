import type { Locator, Page } from '@playwright/test';
import { expectAccessibleEverywhere, expectNoSeriousViolations } from './axe';
import { type Chat, createHumanChat, createSimulatorChat, whatsappMessage } from './chat-data';
import { createClient, createSubscription } from './client-data';
import { expect, test } from './fixtures';
import { bookAppointment, createEmployee } from './staff-data';
import { createAssistantTest, notUnderstoodChat } from './teaching-data';

/**
 * Every page and every dialog, checked by axe-core in the system's light and dark schemes at desktop
 * and phone size. Each screen is opened once and checked the four ways in place
 * (expectAccessibleEverywhere); the tests are independent, so they spread over the workers.
 */

test.describe.configure({ mode: 'parallel' });

// The local payment provider asks for 3-D Secure with this card, as Stripe's test card does.
const AUTHENTICATION_CARD = '4000 0025 0000 3155';

async function visit(page: Page, url: string, heading: string | RegExp, context: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  await expectAccessibleEverywhere(page, context);
}

/** Checks the whole page with a dialog open, then closes it through its labelled close button. */
async function checkDialog(page: Page, name: string, context: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectAccessibleEverywhere(page, context, { shows: dialog });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

test('public pages: login and 404; the chat simulator (staff), playing a client too', async ({
  page,
  login,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expectAccessibleEverywhere(page, 'login');

  await page.goto('/no-such-page');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expectAccessibleEverywhere(page, '404');

  await login();
  await page.goto('/chat-simulator');
  await expect(page.getByTestId('assistant-message').first()).toBeVisible();
  await expectAccessibleEverywhere(page, 'chat simulator');
  const playAs = page.getByRole('combobox', { name: 'Play as' });
  await playAs.click();
  await page.getByRole('option').first().click();
  await expect(page.getByText(/^You are playing /)).toBeVisible();
  await expect(page.getByTestId('assistant-message').first()).toBeVisible();
  await expectAccessibleEverywhere(page, 'chat simulator playing a client');
});

test('public booking page through every step, with the 3-D Secure dialog', async ({ page, api }) => {
  const employee = await createEmployee(api);
  await page.goto(`/schedule/${employee.username}`);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /Book an Appointment with/ })).toBeVisible();
  await expectAccessibleEverywhere(page, 'booking calendar');

  const calendar = page.getByRole('table').first();
  await calendar.getByRole('button', { disabled: false }).last().click();
  const times = page.getByRole('group', { name: 'Available times' });
  await expect(times.getByRole('button').first()).toBeVisible();
  await expectAccessibleEverywhere(page, 'booking time slots', { shows: times });

  await times.getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expectAccessibleEverywhere(page, 'booking details form with errors', {
    shows: page.getByText('Name is required'),
  });

  await page.getByLabel('Full Name').fill('Ana Visitor');
  await page.getByLabel('Email Address').fill('ana.visitor@example.com');
  await page.getByLabel('Phone number').fill('+34 600 111 222');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Appointment Summary' })).toBeVisible();
  await expectAccessibleEverywhere(page, 'booking payment');

  await fillCard(page, AUTHENTICATION_CARD);
  await page.getByRole('button', { name: /^Pay .* and Book Appointment$/ }).click();
  await checkDialog(page, 'Complete authentication', 'booking 3-D Secure dialog');
});

test('public subscribe page, with the 3-D Secure dialog', async ({ page }) => {
  await page.goto('/subscription/carlos');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe with Carlos Ruiz' })).toBeVisible();
  await expectAccessibleEverywhere(page, 'subscribe');

  await page.getByLabel('Email Address').fill(`a11y-${Date.now().toString(36)}@example.com`);
  await fillCard(page, AUTHENTICATION_CARD);
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await checkDialog(page, 'Complete authentication', 'subscribe 3-D Secure dialog');
});

test('public manage-booking page: the appointment, the cancel dialog and the cancelled state', async ({
  page,
  api,
}) => {
  const employee = await createEmployee(api);
  const schedule = await api.get<{ slots: { date: string; times: string[] }[] }>(
    `/schedule/${employee.username}`,
  );
  // Days ahead, so the free cancellation period still runs and the policy shows its deadline.
  const day = schedule.slots.filter((d) => d.times.length > 0)[3]!;
  const appointment = await bookAppointment(api, employee, {
    slot: { date: day.date, timeSlot: day.times[0]! },
  });
  const { manageUrl } = await api.get<{ manageUrl: string }>(`/appointments/${appointment.id}/history`);
  await page.goto(new URL(manageUrl).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Your appointment' })).toBeVisible();
  await expect(page.getByTestId('cancellation-policy')).toBeVisible();
  await expectAccessibleEverywhere(page, 'manage booking');

  await page.getByRole('button', { name: 'Reschedule' }).click();
  const dates = page.getByRole('table', { name: 'Available dates' });
  await expect(dates).toBeVisible();
  await expectAccessibleEverywhere(page, 'manage booking reschedule calendar', { shows: dates });

  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await checkDialog(page, 'Cancel your appointment?', 'manage booking cancel dialog');
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel your appointment?' })
    .getByRole('button', { name: 'Cancel appointment' })
    .click();
  await expect(page.getByTestId('appointment-status')).toHaveText('Cancelled');
  await expectAccessibleEverywhere(page, 'manage booking cancelled');
});

test('chats: list, a conversation, its menu and dialogs', async ({ page, login, api, request }) => {
  await login();
  const { chat } = await createHumanChat(api, 'Hola, ¿tenéis hueco el sábado?');
  await api.post(`/chats/${chat.id}/messages`, { text: 'Sí, a las diez.' });
  await visit(page, '/', 'Chats', 'chats list');

  await page.goto(`/chat/${chat.id}`);
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Sí, a las diez.')).toBeVisible();
  await expectAccessibleEverywhere(page, 'open chat');

  await page.getByRole('button', { name: 'Chat options' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expectAccessibleEverywhere(page, 'chat options menu', { shows: menu });
  await page.getByRole('menuitem', { name: 'Edit Contact Info' }).click();
  await checkDialog(page, 'Edit Contact Information', 'contact edit dialog');

  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name: 'Delete Chat' }).click();
  await checkDialog(page, 'Delete Chat', 'delete chat dialog');

  // A WhatsApp chat whose customer last wrote two days ago: only a template can be sent.
  const from = `3463${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const name = `Lucía ${from.slice(-6)}`;
  await whatsappMessage(request, from, name, 'Hola', new Date(Date.now() - 48 * 3_600_000));
  const [old] = await api.get<Chat[]>(`/chats?search=${encodeURIComponent(name)}`);
  await api.put(`/chats/${old!.id}/toggle-ai`);
  await page.goto(`/chat/${old!.id}`);
  await page.getByRole('button', { name: 'Send a template' }).click();
  await checkDialog(page, 'Send a WhatsApp template', 'template dialog');

  // A chat the assistant has: the composer is locked under a note.
  const { chat: aiChat } = await createSimulatorChat(api);
  await page.goto(`/chat/${aiChat.id}`);
  const locked = page.getByText('Turn off AI Response to send messages manually.');
  await expect(locked).toBeVisible();
  await expectAccessibleEverywhere(page, 'chat the AI has', { shows: locked });
});

test('employees: list, new, edit with its tabs, delete dialog', async ({ page, login, api }) => {
  await login();
  const employee = await createEmployee(api);
  await visit(page, '/employees', 'Employees', 'employees list');
  await visit(page, '/employee/new', 'New Employee', 'new employee');
  await page.getByRole('tab', { name: 'Availability Schedule' }).click();
  await expectAccessibleEverywhere(page, 'new employee availability', {
    shows: page.getByRole('tabpanel', { name: 'Availability Schedule' }),
  });

  await visit(page, `/employee/${employee.id}`, 'Edit Employee', 'edit employee');
  await page.getByRole('tab', { name: 'Availability Schedule' }).click();
  await expect(page.getByRole('group', { name: 'Monday' })).toBeVisible();
  await expectAccessibleEverywhere(page, 'edit employee availability', {
    shows: page.getByRole('group', { name: 'Monday' }),
  });

  await page.goto('/employees');
  await page
    .getByRole('table', { name: 'Employees' })
    .getByRole('row')
    .filter({ hasText: employee.name })
    .getByRole('button', { name: 'Delete' })
    .click();
  await checkDialog(page, 'Delete Employee', 'delete employee dialog');
});

test('clients: list, new, detail with its tabs, edit, and their dialogs', async ({ page, login, api }) => {
  await login();
  const client = await createClient(api);
  await createSubscription(api, client, 'Standard Plan');
  await visit(page, '/clients', 'Clients', 'clients list');
  await visit(page, '/clients/new', /New Client|Add Client|Create Client/, 'new client');
  await visit(page, `/clients/${client.id}`, client.name, 'client detail');
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await expectAccessibleEverywhere(page, 'client appointments tab', {
    shows: page.getByRole('tabpanel', { name: 'Appointments' }),
  });
  await page.getByRole('tab', { name: 'Payments & Subscriptions' }).click();
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(subscription).toContainText('Standard Plan');
  await expectAccessibleEverywhere(page, 'client billing tab', { shows: subscription });

  await page.getByRole('button', { name: 'Create Payment' }).click();
  await checkDialog(page, 'Create Payment', 'create payment dialog');
  await subscription.getByRole('button', { name: 'Cancel' }).click();
  await checkDialog(page, 'Cancel Subscription', 'cancel subscription dialog');

  await visit(page, `/clients/${client.id}/edit`, /Edit/, 'edit client');

  await page.goto('/clients');
  await page
    .getByRole('table', { name: 'Clients' })
    .getByRole('row')
    .filter({ hasText: client.name })
    .getByRole('button', { name: 'Delete' })
    .click();
  await checkDialog(page, 'Delete Client', 'delete client dialog');
});

test('subscriptions: list, new, detail and the cancel dialog', async ({ page, login, api }) => {
  await login();
  const client = await createClient(api);
  const subscription = await createSubscription(api, client, 'Basic Plan');
  // On a phone the list is cards, whose plan is a link inside a line of text.
  await visit(page, '/subscriptions', 'Subscriptions', 'subscriptions list');
  await visit(page, '/subscriptions/new', /New Subscription|Create Subscription/, 'new subscription');
  await visit(page, `/subscriptions/${subscription.id}`, /Basic Plan|Subscription/, 'subscription detail');
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await checkDialog(page, 'Cancel Subscription', 'cancel subscription dialog');
});

test('appointments: list, date pickers, detail and the delete dialog', async ({ page, login, api }) => {
  await login();
  const employee = await createEmployee(api);
  const appointment = await bookAppointment(api, employee);
  await visit(page, '/appointments', 'Appointments', 'appointments list');
  for (const label of ['Start Date', 'End Date']) {
    await page.getByRole('button', { name: label }).click();
    await expect(page.locator('.mantine-DatePickerInput-weekday').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    await expectAccessibleEverywhere(page, `${label} picker`, {
      shows: page.getByRole('button', { name: 'Next month' }),
    });
    await page.keyboard.press('Escape');
    await expect(page.locator('.mantine-DatePickerInput-weekday')).toHaveCount(0);
  }

  await page.goto(`/appointments/${appointment.id}`);
  // The history, reminders and the customer's link load on their own: checked once they are there.
  await expect(page.getByLabel("Customer's booking link")).toBeVisible();
  await expectAccessibleEverywhere(page, 'appointment detail');

  await page.goto(`/appointments?startDate=${appointment.date}&endDate=${appointment.date}`);
  await page
    .getByRole('row')
    .filter({ hasText: appointment.client.email ?? appointment.client.name })
    .getByRole('button', { name: 'Delete' })
    .click();
  await checkDialog(page, 'Delete Appointment', 'delete appointment dialog');
});

test('notifications and insights', async ({ page, login }) => {
  await login();
  await visit(page, '/notifications', 'Notifications', 'notifications');

  await page.goto('/insights');
  // Checked once the server's figures, and the charts drawn from them, are there.
  await expect(page.getByRole('heading', { level: 3, name: 'Bookings and money' })).toBeVisible();
  await expectAccessibleEverywhere(page, 'insights');
});

test('settings: every section', async ({ page, login }) => {
  await login();
  // Each checked once its own content has loaded.
  const sections: Array<[string, Locator]> = [
    ['/settings/user', page.getByRole('radiogroup', { name: 'Theme' })],
    ['/settings', page.getByLabel('Company Name')],
    ['/settings/assistant', page.getByLabel('System Prompt')],
    ['/settings/bookings', page.getByRole('button', { name: 'Save booking settings' })],
    ['/settings/closed-days', page.getByRole('form', { name: 'Add closed days' })],
    ['/settings/canned-replies', page.getByRole('button', { name: 'Add canned reply' })],
  ];
  for (const [url, ready] of sections) {
    await page.goto(url);
    await expect(ready).toBeVisible();
    await expectAccessibleEverywhere(page, url, { shows: ready });
  }
});

test('teaching: the review queue and its teach dialog; lessons and the test set, a run and their dialogs', async ({
  page,
  login,
  api,
}) => {
  await login();
  await notUnderstoodChat(api, 'patata frita voladora');
  const check = await createAssistantTest(api, {
    name: `Greeting ${Date.now().toString(36)}`,
    lines: ['Hola'],
    mustContain: '',
    mustDo: 'answer',
  });
  await page.goto('/insights');
  const queue = page.getByRole('list', { name: 'Conversations to review' });
  await expect(queue).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Bookings and money' })).toBeVisible();
  await expectAccessibleEverywhere(page, 'insights with the review queue', { shows: queue });
  await page
    .getByRole('button', { name: /^Teach from / })
    .first()
    .click();
  await checkDialog(page, 'Teach the assistant', 'teach dialog');

  await page.goto('/settings/lessons');
  await page.getByRole('button', { name: 'Add lesson' }).click();
  await page.getByRole('dialog', { name: 'Add lesson' }).getByText('The answer').click();
  await checkDialog(page, 'Add lesson', 'add lesson dialog');

  // A failing run, with its red alert and reason, without leaving a failing test on the server.
  await page.route('**/api/assistant/tests/run', (route) =>
    route.fulfill({
      json: {
        engine: 'rules',
        ranAt: new Date().toISOString(),
        passed: 0,
        total: 1,
        results: [
          {
            testId: check.id,
            name: check.name,
            passed: false,
            turns: [{ customer: 'Hola', replies: [], handedOver: true }],
            failure: 'It handed the conversation over',
          },
        ],
      },
    }),
  );
  await page.goto('/settings/test-set');
  await page.getByRole('button', { name: 'Run all tests' }).click();
  const row = page.getByTestId('test-case').filter({ hasText: check.name });
  await row.getByRole('button', { name: 'Show replies' }).click();
  const handedOver = row.getByText('Handed over to a person');
  await expect(handedOver).toBeVisible();
  await expectAccessibleEverywhere(page, 'test set with a failing run', { shows: handedOver });
  await page.getByRole('button', { name: 'Add test' }).click();
  await checkDialog(page, 'Add test', 'add test dialog');
});

test('the theme switch in User Settings chooses dark or light, survives a reload, and System follows the device', async ({
  page,
  login,
}) => {
  await login();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('tab', { name: 'User Settings' }).click();
  const theme = page.getByRole('radiogroup', { name: 'Theme' });

  await theme.getByText('Dark', { exact: true }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.getByRole('tab', { name: 'User Settings' }).click();
  await theme.getByText('System', { exact: true }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await theme.getByText('Light', { exact: true }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('Skip to content is the first stop of the keyboard and moves focus to the main content', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/employees');
  await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('booking time buttons are at least 44 px tall on a phone', async ({ page, api }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const employee = await createEmployee(api);
  await page.goto(`/schedule/${employee.username}`);
  await page.getByRole('table').first().getByRole('button', { disabled: false }).last().click();
  const first = page.getByRole('group', { name: 'Available times' }).getByRole('button').first();
  await expect(first).toBeVisible();
  expect((await first.boundingBox())!.height).toBeGreaterThanOrEqual(44);
});

test('a section still loading is announced as loading, never as a label on nothing', async ({
  page,
  login,
}) => {
  await login();
  // Held answers keep each section in its loading state while axe reads it (a slow machine's view).
  const held: Array<() => void> = [];
  for (const path of ['**/api/canned-replies', '**/api/company/booking-settings'])
    await page.route(path, async (route) => {
      await new Promise<void>((release) => held.push(release));
      await route.continue();
    });
  for (const [url, name] of [
    ['/settings/canned-replies', 'Loading canned replies'],
    ['/settings/bookings', 'Loading booking settings'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('status', { name })).toBeVisible();
    await expectNoSeriousViolations(page, `${url} while loading`);
  }
  for (const release of held) release();
});
