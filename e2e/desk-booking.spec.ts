import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { createClient } from './client-data';
import { longDate, timeLabel } from './dates';
import { type Api, expect, test } from './fixtures';
import { screenshot } from './shots';
import { createEmployee, uniqueSuffix } from './staff-data';

/** Staff book a client in at the desk, and an employee's own calendar closes its busy times. */

type Service = { id: string; name: string; isDefault: boolean };
type Schedule = { slots: { date: string; times: string[] }[] };

const SHOTS = '/tmp/pw-desk';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const SIZES = { desktop: DESKTOP, phone: PHONE } as const;
/** Typed as a person types: a controlled input must keep every key. */
const HUMAN = { delay: 30 };

test.use({ timezoneId: 'Europe/Madrid' });
test.describe.configure({ timeout: 180_000 });

// Services are the whole business's: what a test adds is archived after it.
const created: string[] = [];
test.afterEach(async ({ api }) => {
  for (const id of created.splice(0)) await api.post(`/services/${id}/archive`);
});

async function addService(api: Api, name: string, durationMinutes: number, employeeIds: string[]) {
  const service = await api.post<Service>('/services', {
    name,
    description: '',
    durationMinutes,
    priceAmount: 4500,
    currency: 'eur',
    employeeIds,
  });
  created.push(service.id);
  return service;
}

/** A day after today with the given time open, as the booking page offers it. */
async function openDayWith(api: Api, username: string, time: string, serviceId?: string) {
  const query = serviceId ? `?service=${encodeURIComponent(serviceId)}` : '';
  const schedule = await api.get<Schedule>(`/schedule/${username}${query}`);
  const day = schedule.slots.slice(1).find((candidate) => candidate.times.includes(time));
  if (!day) throw new Error(`no day with ${time} open`);
  return day.date;
}

async function openDay(page: Page, date: string) {
  const dayButton = page.getByRole('button', { name: longDate(date), exact: true });
  // The calendar opens on the first open day's month: the day may be in the next one.
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await dayButton.click();
}

const timeButton = (page: Page, time: string) =>
  page
    .getByRole('group', { name: 'Available times' })
    .getByRole('button', { name: timeLabel(time), exact: true });

const shownTimes = (page: Page) =>
  page.getByRole('group', { name: 'Available times' }).getByRole('button').allInnerTexts();

async function pick(page: Page, field: string, typed: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: field, exact: true });
  await box.click();
  await box.pressSequentially(typed, HUMAN);
  await page.getByRole('option', { name: option }).click();
}

/** An .ics served on the loopback, as a calendar app publishes one; `status` lets it fail. */
async function serveCalendar(ics: () => { status: number; body: string }) {
  const server = createServer((_request, response) => {
    const { status, body } = ics();
    response.writeHead(status, { 'Content-Type': 'text/calendar; charset=utf-8' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const busyIcs = (date: string, from: string, until: string) => {
  const day = date.replaceAll('-', '');
  // Floating times: read in the business's zone.
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//e2e//desk-booking//EN',
    'BEGIN:VEVENT',
    `UID:dentist-${day}@e2e`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${day}T${from.replace(':', '')}00`,
    `DTEND:${day}T${until.replace(':', '')}00`,
    'SUMMARY:Dentist',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
};

test.describe('desk booking', () => {
  test('staff book a client into a 90-minute service paid at the desk and see it paid in the list', async ({
    page,
    login,
    api,
  }) => {
    const suffix = uniqueSuffix();
    const professional = await createEmployee(api, { name: `Colourist ${suffix}`, title: 'Stylist' });
    const colour = await addService(api, `Colour ${suffix}`, 90, [professional.id]);
    const client = await createClient(api, { name: `Desk Client ${suffix}` });
    const other = await createClient(api, { name: `Walk-in ${suffix}` });
    const day = await openDayWith(api, professional.username, '10:00', colour.id);
    await login();
    await page.setViewportSize(DESKTOP);

    await page.goto('/appointments');
    await page.getByRole('link', { name: 'New appointment' }).click();
    await expect(page).toHaveURL('/appointments/new');
    await expect(page.getByRole('heading', { name: 'New appointment', level: 2 })).toBeVisible();

    // Nothing chosen: each field says what is missing.
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByText('Choose a client')).toBeVisible();
    await expect(page.getByText('Choose a day and an open time')).toBeVisible();

    await pick(page, 'Client', `Desk Client ${suffix}`, `Desk Client ${suffix} (${client.email})`);
    await pick(page, 'Professional', `Colourist ${suffix}`, `Colourist ${suffix} · Stylist`);
    // Only what this professional offers, with its length and price.
    const serviceBox = page.getByRole('combobox', { name: 'Service', exact: true });
    await serviceBox.click();
    await expect(page.getByRole('option')).toHaveCount(2);
    await page.getByRole('option', { name: `Colour ${suffix} · 1 h 30 min · €45.00` }).click();

    await openDay(page, day);
    // A 90-minute service ends by 20:00: its last start is 18:30.
    await expect.poll(async () => (await shownTimes(page)).at(-1)).toBe(timeLabel('18:30'));
    await timeButton(page, '10:00').click();
    await expect(page.getByTestId('chosen-slot')).toContainText(timeLabel('10:00'));
    await page.getByRole('radio', { name: 'Paid at the desk' }).check();
    await page.getByRole('textbox', { name: 'Notes' }).pressSequentially('Patch test done', HUMAN);

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [size, viewport] of Object.entries(SIZES)) {
        await page.setViewportSize(viewport);
        await expectNoSeriousViolations(page, `new appointment form (${size}, ${scheme})`);
        await screenshot(page, `${SHOTS}/new-appointment-${size}-${scheme}.png`, { fullPage: true });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByText('Appointment booked')).toBeVisible();
    await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
    await expect(page.getByText('€45.00 paid')).toBeVisible();
    await expect(page.getByText('Patch test done')).toBeVisible();

    // The list filtered by the service, as staff look one up: the first page of the whole list holds
    // ten, and this server's other specs may have booked more than ten before it (it was on page two).
    await page.goto(`/appointments?service=${colour.id}`);
    const row = page.getByRole('row').filter({ hasText: `Desk Client ${suffix}` });
    await expect(row).toContainText(`Colour ${suffix}`);
    await expect(row).toContainText('1 h 30 min · €45.00 paid');
    await screenshot(page, `${SHOTS}/appointments-list-desktop.png`);

    // From the other client's page, with the client chosen; a time taken meanwhile is refused in words.
    await page.goto(`/clients/${other.id}`);
    await page.getByRole('link', { name: 'New appointment' }).click();
    await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue(
      `Walk-in ${suffix} (${other.email})`,
    );
    await pick(page, 'Professional', `Colourist ${suffix}`, `Colourist ${suffix} · Stylist`);
    await page.getByRole('combobox', { name: 'Service', exact: true }).click();
    await page.getByRole('option', { name: `Colour ${suffix} · 1 h 30 min · €45.00` }).click();
    await openDay(page, day);
    await timeButton(page, '14:00').click();
    await api.post('/appointments', {
      clientId: client.id,
      employeeId: professional.id,
      serviceId: colour.id,
      date: day,
      timeSlot: '14:00',
      payment: 'none',
    });
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /time/i })).toBeVisible();
    await expect(timeButton(page, '14:00')).toHaveCount(0);
    await screenshot(page, `${SHOTS}/new-appointment-refused-desktop.png`, { fullPage: true });
  });

  test("an employee's own calendar closes its busy time on the booking page", async ({
    page,
    login,
    api,
  }) => {
    const suffix = uniqueSuffix();
    const professional = await createEmployee(api, { name: `Busy ${suffix}` });
    const day = await openDayWith(api, professional.username, '12:00');
    let failing = false;
    const { server, base } = await serveCalendar(() =>
      failing ? { status: 404, body: 'gone' } : { status: 200, body: busyIcs(day, '12:00', '13:00') },
    );
    const address = `${base}/private-0123456789abcdef0123456789abcdef/work.ics`;
    try {
      await login();
      await page.setViewportSize(DESKTOP);
      await page.goto(`/schedule/${professional.username}`);
      await openDay(page, day);
      await expect(timeButton(page, '12:00')).toBeVisible();

      await page.goto(`/employee/${professional.id}`);
      await page.getByRole('tab', { name: 'Availability Schedule' }).click();
      const card = page.getByRole('region', { name: 'Calendars' });
      await expect(card.getByText('No calendars yet.')).toBeVisible();
      await expect(card.getByText(/Paste the secret iCal address from Google Calendar/)).toBeVisible();
      await card
        .getByRole('textbox', { name: 'Calendar address' })
        .pressSequentially('not a calendar', HUMAN);
      await card.getByRole('button', { name: 'Add calendar' }).click();
      await expect(
        card.getByText('Use the calendar’s address that starts with https:// or webcal://'),
      ).toBeVisible();
      await card.getByRole('textbox', { name: 'Calendar address' }).clear();
      await card.getByRole('textbox', { name: 'Calendar address' }).pressSequentially(address, { delay: 5 });
      await card.getByRole('textbox', { name: 'Calendar name' }).pressSequentially('Work', HUMAN);
      await card.getByRole('button', { name: 'Add calendar' }).click();

      const item = card.getByRole('listitem').filter({ hasText: 'Work' });
      await expect(item).toContainText('1 busy time ahead');
      await expect(item).toContainText(/Last read/);
      // The secret stays hidden: the host and the file name only.
      await expect(item).toContainText(`${base.replace('http://', '')}/…/work.ics`);
      await expect(page.getByText('0123456789abcdef')).toHaveCount(0);
      await expect(card.getByRole('textbox', { name: 'Calendar address' })).toHaveValue('');

      await page.goto(`/schedule/${professional.username}`);
      await openDay(page, day);
      await expect(timeButton(page, '11:30')).toBeVisible();
      await expect(timeButton(page, '12:00')).toHaveCount(0);
      await expect(timeButton(page, '12:30')).toHaveCount(0);
      await expect(timeButton(page, '13:00')).toBeVisible();

      // The calendar stops answering: reading it again says why, in red, and keeps its busy time.
      failing = true;
      await page.goto(`/employee/${professional.id}`);
      await page.getByRole('tab', { name: 'Availability Schedule' }).click();
      await card.getByRole('button', { name: 'Read Work again' }).click();
      await expect(item.getByText(/404/)).toBeVisible();
      await expect(item).toContainText('1 busy time ahead');

      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const [size, viewport] of Object.entries(SIZES)) {
          await page.setViewportSize(viewport);
          await card.scrollIntoViewIfNeeded();
          await expectNoSeriousViolations(page, `calendars card (${size}, ${scheme})`, {
            include: '[aria-labelledby="employee-calendars-title"]',
          });
          await screenshot(card, `${SHOTS}/calendars-card-${size}-${scheme}.png`);
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(DESKTOP);

      // Removing asks first, then the time is open again.
      await card.getByRole('button', { name: 'Remove Work' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove calendar?' });
      await expect(dialog).toContainText('Work');
      await expectNoSeriousViolations(page, 'remove calendar dialog');
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await expect(card.getByText('No calendars yet.')).toBeVisible();

      await page.goto(`/schedule/${professional.username}`);
      await openDay(page, day);
      await expect(timeButton(page, '12:00')).toBeVisible();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
