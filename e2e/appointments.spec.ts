import type { Page, TestInfo } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { longDate, shortDay, timeLabel } from './dates';
import { failedLoads } from './failed-loads';
import { type Api, expect, test } from './fixtures';
import { SHOTS_WANTED, screenshot } from './shots';
import {
  type Appointment,
  type AppointmentPage,
  bookAppointment,
  createEmployee,
  setAppointmentStatus,
} from './staff-data';

const STATUS_LABELS = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'no-show': 'No Show',
} as const;

const table = (page: Page) => page.getByRole('table', { name: 'Appointments' });
const rows = (page: Page) => table(page).getByRole('rowgroup').nth(1).getByRole('row');
const rowOf = (page: Page, appointment: Pick<Appointment, 'client'>) =>
  rows(page).filter({ hasText: appointment.client.email ?? appointment.client.name });

async function list(api: Api, query = ''): Promise<AppointmentPage> {
  return api.get<AppointmentPage>(`/appointments${query}`);
}

async function chooseStatus(page: Page, option: string) {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** An appointment of its own, on a fresh employee, so a spec may change or delete it. */
async function ownAppointment(api: Api, options: Parameters<typeof bookAppointment>[2] = {}) {
  const employee = await createEmployee(api);
  return { employee, appointment: await bookAppointment(api, employee, options) };
}

const onlyDay = (appointment: Appointment) =>
  `/appointments?startDate=${appointment.date}&endDate=${appointment.date}`;

/**
 * A dialog as people see it: axe in the system's light and dark schemes, and a screenshot at
 * desktop and phone size (attached to the report, kept in the test's output folder).
 */
async function checkDialog(page: Page, testInfo: TestInfo, name: string, shot: string) {
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expectNoSeriousViolations(page, `${name} dialog (${scheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const desktop = page.viewportSize();
  await screenshot(page, testInfo.outputPath(`${shot}-desktop.png`));
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  if (SHOTS_WANTED) {
    // The shell's navbar slides away at phone width: the shot shows where it settles.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await screenshot(page, testInfo.outputPath(`${shot}-phone.png`));
  }
  if (desktop) await page.setViewportSize(desktop);
}

test.beforeEach(async ({ login }) => {
  await login();
});

test('the list shows client, date and time, employee and status of each appointment', async ({
  page,
  api,
}) => {
  const first = await list(api);
  await page.goto('/appointments');
  await expect(rows(page)).toHaveCount(Math.min(10, first.pagination.total));

  for (const [index, appointment] of first.appointments.entries()) {
    const row = rows(page).nth(index);
    await expect(row).toContainText(appointment.client.name);
    await expect(row).toContainText(appointment.employee.name);
    await expect(row.getByText(STATUS_LABELS[appointment.status], { exact: true })).toBeVisible();
    if (appointment.client.id) {
      await expect(row.getByRole('link', { name: appointment.client.name })).toHaveAttribute(
        'href',
        `/clients/${appointment.client.id}`,
      );
    }
    await expect(row.getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      `/appointments/${appointment.id}`,
    );
    await expect(row.getByRole('button', { name: 'Delete' })).toBeVisible();
  }
});

test('dates are short en-US dates with a 12-hour time range', async ({ page, api }) => {
  const { appointment } = await ownAppointment(api);
  await page.goto(onlyDay(appointment));
  const row = rowOf(page, appointment);
  const [y, m, d] = appointment.date.split('-').map(Number);
  const shortDate = new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const twelveHour = (time: string) => {
    const [h, min] = time.split(':').map(Number);
    return `${h! % 12 || 12}:${String(min).padStart(2, '0')} ${h! < 12 ? 'AM' : 'PM'}`;
  };
  await expect(row).toContainText(shortDate);
  await expect(row).toContainText(
    `${twelveHour(appointment.startTime)} - ${twelveHour(appointment.endTime)}`,
  );
});

test('each status filter narrows the list and is kept in the address', async ({ page, api }) => {
  await page.goto('/appointments');
  await expect(rows(page).first()).toBeVisible();
  const total = (await list(api)).pagination.total;

  for (const [status, label] of Object.entries(STATUS_LABELS)) {
    await chooseStatus(page, label);
    await expect(page).toHaveURL(new RegExp(`\\?status=${status}$`));
    const expected = await list(api, `?status=${status}`);
    expect(expected.pagination.total, `demo data has ${label} appointments`).toBeGreaterThan(0);
    expect(expected.pagination.total).toBeLessThan(total);
    await expect(rows(page)).toHaveCount(expected.appointments.length);
    for (const row of await rows(page).all()) {
      await expect(row.getByText(label, { exact: true })).toBeVisible();
    }
  }

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('No Show');
  await chooseStatus(page, 'All Statuses');
  await expect(page).toHaveURL(/\/appointments$/);
});

test('date filters narrow the list, and picking a date uses a Monday-first calendar', async ({
  page,
  api,
}) => {
  const all = (await list(api, '?limit=100')).appointments;
  const dates = [...new Set(all.map((a) => a.date))].sort();
  const middle = dates[Math.floor(dates.length / 2)]!;

  await page.goto(`/appointments?startDate=${middle}`);
  const after = await list(api, `?startDate=${middle}`);
  expect(after.pagination.total).toBeLessThan(all.length);
  await expect(rows(page)).toHaveCount(after.appointments.length);

  await page.goto(`/appointments?endDate=${middle}`);
  const before = await list(api, `?endDate=${middle}`);
  expect(before.pagination.total).toBeLessThan(all.length);
  await expect(rows(page)).toHaveCount(Math.min(10, before.pagination.total));

  await page.goto(`/appointments?startDate=${middle}&endDate=${middle}`);
  const sameDay = all.filter((a) => a.date === middle);
  await expect(rows(page)).toHaveCount(sameDay.length);

  // Pick the first day of the shown month through the calendar.
  await page.goto('/appointments?page=2');
  await page.getByRole('button', { name: 'Start Date' }).click();
  await expect(page.locator('.mantine-DatePickerInput-weekday').first()).toHaveText(/^Mo/);
  // Today is marked, so a date can be picked relative to it.
  await expect(page.locator('.mantine-DatePickerInput-day[data-today][data-highlight-today]')).toBeVisible();
  const now = new Date();
  const firstOfMonth = `1 ${now.toLocaleDateString('en-US', { month: 'long' })} ${now.getFullYear()}`;
  await page.getByRole('button', { name: firstOfMonth, exact: true }).click();
  const iso = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
  // A filter change goes back to page 1.
  await expect(page).toHaveURL(new RegExp(`\\?startDate=${iso}$`));
  const fromFirst = await list(api, `?startDate=${iso}`);
  await expect(rows(page)).toHaveCount(Math.min(10, fromFirst.pagination.total));
});

test('filters without results show the empty state', async ({ page }) => {
  await page.goto('/appointments?status=cancelled&startDate=2001-01-01&endDate=2001-01-31');
  await expect(page.getByText('No appointments', { exact: true })).toBeVisible();
  await expect(page.getByText('No appointments match your filters.')).toBeVisible();
});

test('pagination shows ten a page with previous, next and numbered pages', async ({ page, api }) => {
  const first = await list(api);
  test.skip(first.pagination.pages < 2, 'needs more than ten appointments');
  const { total } = first.pagination;
  const second = await list(api, '?page=2');

  await page.goto('/appointments');
  await expect(page.getByText(`Showing 1 to 10 of ${total} results`)).toBeVisible();
  await expect(rows(page)).toHaveCount(10);

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByText(`Showing 11 to ${Math.min(20, total)} of ${total} results`)).toBeVisible();
  await expect(rows(page)).toHaveCount(second.appointments.length);
  await expect(rows(page).first()).toContainText(second.appointments[0]!.client.name);

  await page.reload();
  await expect(page.getByText(`Showing 11 to ${Math.min(20, total)} of ${total} results`)).toBeVisible();

  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByText(`Showing 1 to 10 of ${total} results`)).toBeVisible();

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\?page=2$/);

  // Changing a filter goes back to page 1.
  await chooseStatus(page, 'Scheduled');
  await expect(page).toHaveURL(/\?status=scheduled$/);

  // One page only: no pagination.
  await page.goto('/appointments?status=no-show');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByText(/^Showing/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);
});

test('a row click opens the detail, but links in the row keep their own target', async ({ page, api }) => {
  const { appointment } = await ownAppointment(api);
  await page.goto(onlyDay(appointment));
  await rowOf(page, appointment).getByText(appointment.employee.name).click();
  await expect(page).toHaveURL(new RegExp(`/appointments/${appointment.id}$`));

  await page.goBack();
  await rowOf(page, appointment).getByRole('link', { name: appointment.client.name }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${appointment.client.id}$`));

  await page.goBack();
  await rowOf(page, appointment).getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/appointments/${appointment.id}$`));
});

test('Delete in the list of a paid appointment asks about the money, and keeping the fee cancels it', async ({
  page,
  api,
}, testInfo) => {
  const { appointment } = await ownAppointment(api);
  await page.goto(onlyDay(appointment));
  const row = rowOf(page, appointment);

  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Appointment' });
  await expect(dialog).toContainText(`${appointment.client.name} paid €10.00 for this appointment.`);
  await expect(dialog).toContainText('A paid appointment is not deleted');
  await expect(dialog.getByRole('radio', { name: 'Refund €10.00 to the customer' })).toBeChecked();
  await checkDialog(page, testInfo, 'Delete Appointment', 'list-delete-paid');

  // Keeping the appointment changes nothing.
  await dialog.getByRole('button', { name: 'Keep appointment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('radio', { name: 'Keep the fee' }).click();
  await expect(dialog).toContainText('the fee is not refunded');
  await dialog.getByRole('button', { name: 'Cancel and keep the fee' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  const kept = await api.get<Appointment & { payment: { refunded: boolean } }>(
    `/appointments/${appointment.id}`,
  );
  expect(kept).toMatchObject({ status: 'cancelled', payment: { refunded: false } });

  // Cancelled, it still keeps its payment and history: nothing to delete.
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toContainText('cannot be deleted');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);
});

test('staff reschedule from the detail page: pick a day and a time, confirm, and the history says staff', async ({
  page,
  api,
}, testInfo) => {
  const { appointment } = await ownAppointment(api);
  const slots = await api.get<{ slots: { date: string; times: string[] }[] }>(
    `/appointments/${appointment.id}/slots`,
  );
  const target = slots.slots.filter((day) => day.times.length > 0 && day.date > appointment.date)[1]!;
  const time = target.times[1]!;

  await page.goto(`/appointments/${appointment.id}`);
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new time' })).toBeVisible();
  const dayButton = page.getByRole('button', { name: longDate(target.date), exact: true });
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await dayButton.click();
  // The business's time first; a browser in another zone hears its own time after it.
  await page
    .getByRole('group', { name: 'Available times' })
    .getByRole('button', { name: new RegExp(`^${timeLabel(time)}(?: \\(|$)`) })
    .click();

  const confirm = page.getByRole('dialog', { name: 'Reschedule' });
  await expect(
    confirm.getByText(`Move the appointment to ${shortDay(target.date)} at ${timeLabel(time)}?`),
  ).toBeVisible();
  await expect(confirm).toContainText(`${appointment.client.name} is emailed the new time.`);
  await checkDialog(page, testInfo, 'Reschedule', 'staff-reschedule');
  await confirm.getByRole('button', { name: 'Move appointment' }).click();

  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(longDate(target.date))).toBeVisible();
  await expect(page.getByText(new RegExp(`^${timeLabel(time)} - `))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a new time' })).toHaveCount(0);
  const from = `${shortDay(appointment.date)} at ${timeLabel(appointment.startTime)}`;
  const to = `${shortDay(target.date)} at ${timeLabel(time)}`;
  await expect(page.getByRole('list', { name: 'History' }).getByRole('listitem').last()).toContainText(
    `Rescheduled from ${from} to ${to} by staff`,
  );
  const moved = await api.get<Appointment>(`/appointments/${appointment.id}`);
  expect(moved).toMatchObject({ date: target.date, startTime: time, status: 'scheduled' });
});

test('the detail shows the appointment, and a status change persists', async ({ page, api }) => {
  const { appointment } = await ownAppointment(api);
  await page.goto(`/appointments/${appointment.id}`);

  const [y, m, d] = appointment.date.split('-').map(Number);
  const longDate = new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByText(longDate)).toBeVisible();
  await expect(page.getByRole('link', { name: appointment.client.name })).toHaveAttribute(
    'href',
    `/clients/${appointment.client.id}`,
  );
  await expect(page.getByRole('link', { name: appointment.client.email! })).toHaveAttribute(
    'href',
    `mailto:${appointment.client.email}`,
  );
  await expect(page.getByText(appointment.employee.name)).toBeVisible();
  await expect(page.locator('[data-status]')).toHaveText('Scheduled');

  await chooseStatus(page, 'Completed');
  await expect(page.locator('[data-status]')).toHaveText('Completed');
  await expect
    .poll(async () => (await api.get<Appointment>(`/appointments/${appointment.id}`)).status)
    .toBe('completed');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Completed');
  await expect(page.locator('[data-status]')).toHaveText('Completed');

  await chooseStatus(page, 'No Show');
  await expect(page.locator('[data-status]')).toHaveText('No Show');
});

test('reopening a cancelled, refunded appointment warns about the money and the reminders first', async ({
  page,
  api,
}, testInfo) => {
  const { employee, appointment } = await ownAppointment(api);
  await setAppointmentStatus(api, appointment.id, 'cancelled');

  await page.goto(`/appointments/${appointment.id}`);
  await expect(page.getByText('€10.00 refunded')).toBeVisible();
  await chooseStatus(page, 'Scheduled');
  const dialog = page.getByRole('dialog', { name: 'Reopen a cancelled appointment' });
  await expect(dialog).toContainText(
    'The €10.00 refund is not taken back: the appointment is free unless the customer pays again.',
  );
  await expect(dialog).toContainText('Reminders are planned again.');
  await checkDialog(page, testInfo, 'Reopen a cancelled appointment', 'reopen');

  // Keeping it cancelled changes nothing.
  await dialog.getByRole('button', { name: 'Keep it cancelled' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('[data-status]')).toHaveText('Cancelled');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Cancelled');

  // Someone books the slot meanwhile: the reopen is refused, and the dialog says why.
  const other = await bookAppointment(api, employee, {
    slot: { date: appointment.date, timeSlot: appointment.startTime },
  });
  await chooseStatus(page, 'Scheduled');
  await dialog.getByRole('button', { name: 'Reopen as Scheduled' }).click();
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Another appointment already takes this time slot.' }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep it cancelled' }).click();
  await expect(page.locator('[data-status]')).toHaveText('Cancelled');

  // Once the slot is free again, reopening on purpose works; the refund stays a refund.
  await setAppointmentStatus(api, other.id, 'cancelled');
  await chooseStatus(page, 'Scheduled');
  await dialog.getByRole('button', { name: 'Reopen as Scheduled' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('[data-status]')).toHaveText('Scheduled');
  await expect(page.getByText('€10.00 refunded')).toBeVisible();
});

test('Delete Appointment on the detail of a paid appointment asks about the money, and refunds by default', async ({
  page,
  api,
}) => {
  const { appointment } = await ownAppointment(api);
  await page.goto(`/appointments/${appointment.id}`);

  await page.getByRole('button', { name: 'Delete Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Appointment' });
  await expect(dialog.getByRole('radio', { name: 'Refund €10.00 to the customer' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Keep appointment' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete Appointment' }).click();
  await dialog.getByRole('button', { name: 'Cancel and refund €10.00' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('[data-status]')).toHaveText('Cancelled');
  await expect(page.getByText('€10.00 refunded')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/appointments/${appointment.id}$`));
});

test('Back to Appointments returns to the list', async ({ page, api }) => {
  const [appointment] = (await list(api)).appointments;
  await page.goto(`/appointments/${appointment!.id}`);
  await page.getByRole('link', { name: 'Back to Appointments' }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(rows(page).first()).toBeVisible();
});

test('Back to Appointments returns to the list as it was left: its filters and its page', async ({
  page,
  api,
}) => {
  await page.goto('/appointments');
  await expect(rows(page).first()).toBeVisible();
  await chooseStatus(page, 'Completed');
  await expect(page).toHaveURL(/\?status=completed$/);
  await expect(rows(page).first()).toContainText('Completed');
  await rows(page).first().getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: 'Back to Appointments' }).click();
  await expect(page).toHaveURL(/\/appointments\?status=completed$/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Completed');

  // A row opened from a later page, by a click on the row itself, comes back to that page.
  const first = await list(api);
  test.skip(first.pagination.pages < 2, 'needs more than ten appointments');
  await page.goto('/appointments?page=2');
  await expect(page.getByText(/^Showing 11 to /)).toBeVisible();
  await rows(page).first().getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: 'Back to Appointments' }).click();
  await expect(page).toHaveURL(/\/appointments\?page=2$/);
  await expect(page.getByText(/^Showing 11 to /)).toBeVisible();
});

test('missing and failing appointments say so', async ({ page }) => {
  const failing = await failedLoads(page);
  await page.goto('/appointments/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Appointment not found')).toBeVisible();

  await page.route('**/api/appointments/*', (route) =>
    route.fulfill({ status: 500, json: { message: 'boom' } }),
  );
  await page.goto('/appointments/00000000-0000-4000-8000-000000000001');
  await failing.shownAfterRetries(page.getByText('Failed to load appointment details'));

  await page.route('**/api/appointments?**', (route) =>
    route.fulfill({ status: 500, json: { message: 'boom' } }),
  );
  await page.goto('/appointments');
  await failing.shownAfterRetries(page.getByText('Failed to load appointments'));
});
