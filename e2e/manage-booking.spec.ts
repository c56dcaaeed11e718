import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { longDate, shortDay, timeLabel } from './dates';
import { type Api, expect, test } from './fixtures';
import { screenshot } from './shots';
import { type Appointment, bookAppointment, createEmployee, type Employee } from './staff-data';

type Schedule = {
  timeZone: string;
  slots: { date: string; times: string[] }[];
  payment: { amount: number; currency: string };
};
type History = { manageUrl: string; items: { kind: string; actor: string }[] };
type ManagedBooking = { changesUntil: string | null; timeZone: string };
type BookingSettings = {
  freeCancellationHours: number;
  remindersEnabled: boolean;
  reminderHours: number[];
  noShowFollowUp: boolean;
};

// The customer's phone is in the business's zone, so the page shows one clock.
test.use({ timezoneId: 'Europe/Madrid' });

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );

/** 'Europe/Madrid' → 'Madrid', as the page names the business's zone. */
const zoneName = (timeZone: string) => (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');

/** A deadline on the business's clock, as the page writes it: 'Tue, Nov 24, 5:00 PM'. */
const deadline = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));

/** The Spanish page's formats: 'mar, 24 nov', '10,00 €' (and dates.ts's longDate in 'es-ES'). */
const shortDayEs = (date: string) =>
  new Intl.DateTimeFormat('es-ES', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
const deadlineEs = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('es-ES', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
const euros = ({ payment }: { payment: { amount: number; currency: string } }) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: payment.currency.toUpperCase() }).format(
    payment.amount / 100,
  );

/** Open days of the employee from the day after tomorrow: far enough for a 24-hour policy. */
async function laterDays(api: Api, employee: Employee) {
  const schedule = await api.get<Schedule>(`/schedule/${employee.username}`);
  const open = schedule.slots.filter((day) => day.times.length > 0);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: schedule.timeZone }).format(new Date());
  const later = open.filter((day) => day.date > today).slice(1);
  expect(later.length, 'the employee has open days ahead').toBeGreaterThan(2);
  return { days: later, fee: money(schedule.payment.amount, schedule.payment.currency) };
}

/** An appointment booked and paid as a visitor does, and the path of its customer's link. */
async function bookWithLink(api: Api) {
  const employee = await createEmployee(api);
  const { days, fee } = await laterDays(api, employee);
  const day = days[0]!;
  const slot = { date: day.date, timeSlot: day.times[0]! };
  const appointment = await bookAppointment(api, employee, { slot });
  const history = await api.get<History>(`/appointments/${appointment.id}/history`);
  return { employee, appointment, days, fee, link: new URL(history.manageUrl).pathname };
}

async function readBooking(api: Api, link: string): Promise<ManagedBooking> {
  const response = await api.raw.get(`/api${link}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ManagedBooking;
}

const status = (page: Page) => page.getByTestId('appointment-status');
const policy = (page: Page) => page.getByTestId('cancellation-policy');
const cancelDialog = (page: Page) => page.getByRole('dialog', { name: 'Cancel your appointment?' });
const historyList = (page: Page) => page.getByRole('region', { name: 'History' }).getByRole('listitem');

async function openPage(page: Page, link: string, appointment: Appointment) {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Your appointment' })).toBeVisible();
  await expect(page.getByTestId('appointment-date')).toHaveText(longDate(appointment.date));
}

test.describe('manage your booking', () => {
  test('cancelling in time says the fee comes back, then shows the cancellation and the refund', async ({
    page,
    api,
  }) => {
    const { appointment, employee, fee, link } = await bookWithLink(api);
    const terms = await readBooking(api, link);
    await openPage(page, link, appointment);

    await expect(page).toHaveTitle('Your appointment · Entrena Studio');
    await expect(page.getByTestId('company-name')).toHaveText('Entrena Studio');
    await expect(page.getByText(employee.name, { exact: true })).toBeVisible();
    await expect(page.getByTestId('appointment-time')).toHaveText(
      `${timeLabel(appointment.startTime)} - ${timeLabel(appointment.endTime)}`,
    );
    await expect(status(page)).toHaveText('Confirmed');
    await expect(policy(page)).toHaveText(
      `Free cancellation until ${deadline(terms.changesUntil!, terms.timeZone)} (${zoneName(terms.timeZone)} time). After that the ${fee} fee is not refunded.`,
    );
    await expect(historyList(page)).toHaveText([/^Booked/]);
    await expectNoSeriousViolations(page, 'manage booking page');

    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    const dialog = cancelDialog(page);
    await expect(dialog.getByTestId('cancel-consequence')).toHaveText(
      `You will get ${fee} back to your card.`,
    );
    await expectNoSeriousViolations(page, 'manage booking cancel dialog');

    // Keeping it changes nothing.
    await dialog.getByRole('button', { name: 'Keep appointment' }).click();
    await expect(dialog).toBeHidden();
    await expect(status(page)).toHaveText('Confirmed');

    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    await cancelDialog(page).getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(cancelDialog(page)).toBeHidden();
    await expect(status(page)).toHaveText('Cancelled');
    const outcome = page.getByRole('status').filter({ hasText: 'Your appointment has been cancelled.' });
    await expect(outcome).toContainText(`${fee} has been refunded to your card.`);
    await expect(page.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
    await expect(historyList(page)).toHaveText([
      /^Booked/,
      /^Cancelled by you/,
      new RegExp(`^Refunded ${literal(fee)}`),
    ]);
    await expectNoSeriousViolations(page, 'manage booking page, cancelled');

    // A reload shows the same, from the server.
    await page.reload();
    await expect(status(page)).toHaveText('Cancelled');
    await expect(page.getByText('This appointment is cancelled.')).toBeVisible();
    await expect(page.getByText(`${fee} has been refunded to your card.`)).toBeVisible();
    const staffView = await api.get<Appointment>(`/appointments/${appointment.id}`);
    expect(staffView.status).toBe('cancelled');
  });

  test('after the free cancellation period the page and the dialog say the fee is kept', async ({
    page,
    api,
  }) => {
    const before = await api.get<BookingSettings>('/company/booking-settings');
    await api.put('/company/booking-settings', { ...before, freeCancellationHours: 168 });
    try {
      const { appointment, fee, link } = await bookWithLink(api);
      await openPage(page, link, appointment);

      await expect(policy(page)).toHaveText(
        `It is less than 7 days before your appointment: cancelling now does not refund the ${fee} fee.`,
      );
      await expect(page.getByTestId('change-reason')).toHaveText(
        'It is too late to reschedule this appointment online. Please contact us.',
      );
      await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);

      await page.getByRole('button', { name: 'Cancel appointment' }).click();
      const dialog = cancelDialog(page);
      await expect(dialog.getByTestId('cancel-consequence')).toHaveText(
        `The ${fee} fee will not be refunded.`,
      );
      await dialog.getByRole('button', { name: 'Cancel appointment' }).click();

      await expect(status(page)).toHaveText('Cancelled');
      await expect(
        page.getByRole('status').filter({ hasText: 'Your appointment has been cancelled.' }),
      ).toContainText(`The ${fee} fee was not refunded.`);
      await expect(historyList(page)).toHaveText([/^Booked/, /^Cancelled by you/]);
    } finally {
      await api.put('/company/booking-settings', before);
    }
  });

  test('a cancellation refused because the terms changed is explained in the dialog, with the new terms', async ({
    page,
    api,
  }) => {
    const { appointment, fee, link } = await bookWithLink(api);
    await openPage(page, link, appointment);
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    const dialog = cancelDialog(page);
    await expect(dialog.getByTestId('cancel-consequence')).toHaveText(
      `You will get ${fee} back to your card.`,
    );

    // The business tightens its policy while the customer reads the dialog.
    const before = await api.get<BookingSettings>('/company/booking-settings');
    await api.put('/company/booking-settings', { ...before, freeCancellationHours: 168 });
    try {
      await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'The refund terms have changed since you opened this page. Please review them and confirm again.',
      );
      await expect(dialog.getByTestId('cancel-consequence')).toHaveText(
        `The ${fee} fee will not be refunded.`,
      );
      await expect(status(page)).toHaveText('Confirmed');

      await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
      await expect(status(page)).toHaveText('Cancelled');
    } finally {
      await api.put('/company/booking-settings', before);
    }
  });

  test('rescheduling moves the appointment to the chosen time, and staff see it in the history', async ({
    page,
    api,
    login,
  }) => {
    const { appointment, days, link } = await bookWithLink(api);
    await openPage(page, link, appointment);

    await page.getByRole('button', { name: 'Reschedule' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a new time' })).toBeVisible();
    const target = days[1]!;
    const time = target.times[1]!;
    const dayButton = page.getByRole('button', { name: longDate(target.date), exact: true });
    // The calendar opens on the first open day's month; the day may be in the next one.
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
    await dayButton.click();
    await page
      .getByRole('group', { name: 'Available times' })
      .getByRole('button', { name: timeLabel(time), exact: true })
      .click();

    const confirm = page.getByRole('dialog', { name: 'Reschedule' });
    await expect(
      confirm.getByText(`Move your appointment to ${shortDay(target.date)} at ${timeLabel(time)}?`),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Move appointment' }).click();

    const moved = page.getByRole('status').filter({ hasText: 'Your appointment has been moved.' });
    await expect(moved).toContainText(`It is now on ${longDate(target.date)} at ${timeLabel(time)}.`);
    await expect(page.getByTestId('appointment-date')).toHaveText(longDate(target.date));
    await expect(page.getByTestId('appointment-time')).toHaveText(
      new RegExp(`^${literal(timeLabel(time))} - `),
    );
    await expect(page.getByRole('heading', { name: 'Choose a new time' })).toHaveCount(0);
    const from = `${shortDay(appointment.date)} at ${timeLabel(appointment.startTime)}`;
    const to = `${shortDay(target.date)} at ${timeLabel(time)}`;
    await expect(historyList(page)).toHaveText([
      /^Booked/,
      new RegExp(`^${literal(`Moved from ${from} to ${to}`)}`),
    ]);

    const staffView = await api.get<Appointment>(`/appointments/${appointment.id}`);
    expect({ date: staffView.date, startTime: staffView.startTime }).toEqual({
      date: target.date,
      startTime: time,
    });

    await login();
    await page.goto(`/appointments/${appointment.id}`);
    const history = page.getByRole('list', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').nth(1)).toContainText(
      `Rescheduled from ${from} to ${to} by the customer`,
    );
    await expect(page.getByLabel("Customer's booking link")).toHaveValue(new RegExp(`${literal(link)}$`));
    await expect(page.getByRole('list', { name: 'Reminders' }).getByRole('listitem').first()).toContainText(
      'Planned',
    );

    // Cancelling a paid booking asks what becomes of the payment first: refunded unless staff keep it.
    await expect(page.getByText('€10.00 paid', { exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel a paid appointment' });
    await expect(dialog.getByRole('radio', { name: 'Refund €10.00 to the customer' })).toBeChecked();
    await expectNoSeriousViolations(page, 'the cancel a paid appointment dialog');
    await dialog.getByRole('button', { name: 'Keep appointment' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Scheduled');

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel and refund €10.00' }).click();
    await expect(dialog).toBeHidden();
    // Its lines at once, the refund shown, and the reminders still planned dropped.
    await expect(history.getByRole('listitem').nth(2)).toContainText('Cancelled by staff');
    await expect(history.getByRole('listitem').nth(3)).toContainText('Refunded €10.00');
    await expect(page.getByText('€10.00 refunded', { exact: true })).toBeVisible();
    await expect(page.getByText('No reminders planned', { exact: true })).toBeVisible();
  });

  test('staff may cancel a paid booking and keep the fee', async ({ page, api, login }) => {
    const { appointment } = await bookWithLink(api);
    await login();
    await page.goto(`/appointments/${appointment.id}`);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel a paid appointment' });
    await dialog.getByRole('radio', { name: 'Keep the fee' }).click();
    await expect(dialog).toContainText('the fee is not refunded');
    await dialog.getByRole('button', { name: 'Cancel and keep the fee' }).click();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Cancelled');
    await expect(page.getByText('€10.00 paid', { exact: true })).toBeVisible();
    const history = page.getByRole('list', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveText([/^Booked/, /^Cancelled by staff/]);
    const staffView = await api.get<Appointment & { payment: { refunded: boolean } }>(
      `/appointments/${appointment.id}`,
    );
    expect(staffView.payment.refunded).toBe(false);
  });

  test('a time taken meanwhile is refused where it was chosen, and disappears from the calendar', async ({
    page,
    api,
  }) => {
    const { appointment, days, employee, link } = await bookWithLink(api);
    await openPage(page, link, appointment);
    const target = days[1]!;
    const time = target.times[2]!;

    await page.getByRole('button', { name: 'Reschedule' }).click();
    const dayButton = page.getByRole('button', { name: longDate(target.date), exact: true });
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
    await dayButton.click();
    const times = page.getByRole('group', { name: 'Available times' });
    await times.getByRole('button', { name: timeLabel(time), exact: true }).click();

    // Another visitor books that time before the customer confirms.
    await bookAppointment(api, employee, { slot: { date: target.date, timeSlot: time } });
    await page
      .getByRole('dialog', { name: 'Reschedule' })
      .getByRole('button', { name: 'Move appointment' })
      .click();

    await expect(page.getByRole('region', { name: 'Choose a new time' }).getByRole('alert')).toHaveText(
      'This time slot was just taken. Please choose another.',
    );
    await expect(page.getByTestId('appointment-date')).toHaveText(longDate(appointment.date));
    await expect(times.getByRole('button', { name: timeLabel(time), exact: true })).toHaveCount(0);
  });

  test('a client who writes to us in Spanish gets the page in Spanish: moves with the Spanish calendar, cancels, and may switch to English', async ({
    page,
    api,
  }, testInfo) => {
    const { appointment, days, link } = await bookWithLink(api);
    // The client writes in Spanish (staff let the simulator play them, a verified identity): the
    // language their emails, and this page, are in from then on.
    const told = await api.raw.post('/api/chats/simulator', {
      data: {
        text: 'hola, ¿cuándo es mi cita?',
        sessionId: `es${appointment.id.replace(/-/g, '')}`,
        clientId: appointment.client.id,
      },
      headers: api.headers,
    });
    expect(told.status(), await told.text()).toBe(200);
    const terms = await readBooking(api, link);
    expect((terms as ManagedBooking & { language: string }).language).toBe('es');
    const fee = euros(terms as ManagedBooking & { payment: { amount: number; currency: string } });

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu cita' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page).toHaveTitle('Tu cita · Entrena Studio');
    await expect(status(page)).toHaveText('Confirmada');
    await expect(page.getByTestId('appointment-date')).toHaveText(longDate(appointment.date, 'es-ES'));
    await expect(page.getByTestId('appointment-time')).toHaveText(
      `${appointment.startTime} - ${appointment.endTime}`,
    );
    await expect(policy(page)).toHaveText(
      `Puedes cancelar gratis hasta el ${deadlineEs(terms.changesUntil!, terms.timeZone)} (hora de ${zoneName(terms.timeZone)}). Después, no se devuelve el importe de ${fee}.`,
    );
    await expect(page.getByRole('region', { name: 'Historial' }).getByRole('listitem')).toHaveText([
      /^Reservada/,
    ]);
    await expectNoSeriousViolations(page, 'manage booking page in Spanish');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, testInfo.outputPath('manage-es-1280.png'), { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, testInfo.outputPath('manage-es-390.png'), { fullPage: true });

    // Moved with the Spanish calendar.
    await page.getByRole('button', { name: 'Cambiar la hora' }).click();
    await expect(page.getByRole('heading', { name: 'Elige una nueva hora' })).toBeVisible();
    const target = days[1]!;
    const time = target.times[1]!;
    const dayButton = page.getByRole('button', { name: longDate(target.date, 'es-ES'), exact: true });
    await expect(page.getByRole('button', { name: 'Mes siguiente' })).toBeVisible();
    if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Mes siguiente' }).click();
    await dayButton.click();
    await expect(page.getByRole('columnheader', { name: 'X', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'manage booking slot picker in Spanish');
    await screenshot(page, testInfo.outputPath('manage-es-picker-390.png'), { fullPage: true });
    await page
      .getByRole('group', { name: 'Horas libres' })
      .getByRole('button', { name: time, exact: true })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Cambiar la hora' });
    await expect(
      confirm.getByText(`¿Cambiar tu cita al ${shortDayEs(target.date)} a las ${time}?`),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'manage booking move dialog in Spanish');
    await confirm.getByRole('button', { name: 'Cambiar la cita' }).click();
    const moved = page.getByRole('status').filter({ hasText: 'Tu cita ha cambiado de hora.' });
    await expect(moved).toContainText(`Ahora es el ${longDate(target.date, 'es-ES')} a las ${time}.`);
    await expect(page.getByTestId('appointment-date')).toHaveText(longDate(target.date, 'es-ES'));

    // Cancelled, the refund said in Spanish.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Cancelar la cita' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Cancelar tu cita?' });
    await expect(dialog.getByTestId('cancel-consequence')).toHaveText(`Te devolveremos ${fee} a tu tarjeta.`);
    await expectNoSeriousViolations(page, 'manage booking cancel dialog in Spanish');
    await dialog.getByRole('button', { name: 'Cancelar la cita' }).click();
    await expect(dialog).toBeHidden();
    await expect(status(page)).toHaveText('Cancelada');
    await expect(page.getByRole('status').filter({ hasText: 'Tu cita está cancelada.' })).toContainText(
      `Te hemos devuelto ${fee} a tu tarjeta.`,
    );
    await screenshot(page, testInfo.outputPath('manage-es-cancelled-1280.png'), { fullPage: true });
    const staffView = await api.get<Appointment>(`/appointments/${appointment.id}`);
    expect(staffView.status).toBe('cancelled');

    // English for a client who prefers it; what we know of them stays as it was.
    await page.getByRole('button', { name: 'English', pressed: false }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your appointment' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'English', pressed: true })).toBeVisible();
    await expect(status(page)).toHaveText('Cancelled');
    await expectNoSeriousViolations(page, 'manage booking page switched to English');
    expect((await readBooking(api, link)) as ManagedBooking & { language: string }).toMatchObject({
      language: 'es',
    });
  });

  test('a link that names no appointment says so', async ({ page }) => {
    await page.goto(`/booking/${'0'.repeat(64)}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This booking link is not valid.' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Booking link not valid');
    await expectNoSeriousViolations(page, 'invalid booking link');

    await page.goto('/booking/not-a-link');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This booking link is not valid.' }),
    ).toBeVisible();
  });
});

test.describe('booking settings', () => {
  test('the Bookings card saves the policy and the reminders, and shows the server refusal of a bad value', async ({
    page,
    api,
    login,
  }) => {
    const before = await api.get<BookingSettings>('/company/booking-settings');
    try {
      await login();
      await page.goto('/settings/bookings');
      const card = page.getByRole('region', { name: 'Bookings' });
      const hours = card.getByLabel('Free cancellation until');
      await expect(hours).toHaveValue(String(before.freeCancellationHours));
      await expectNoSeriousViolations(page, 'booking settings card', {
        include: 'section[aria-labelledby="booking-settings-title"]',
      });

      await hours.fill('200');
      await card.getByRole('button', { name: 'Save booking settings' }).click();
      await expect(card.getByText('Use a whole number of hours from 0 to 168')).toBeVisible();
      await expect(hours).toHaveAttribute('aria-invalid', 'true');
      expect((await api.get<BookingSettings>('/company/booking-settings')).freeCancellationHours).toBe(
        before.freeCancellationHours,
      );

      await hours.fill('48');
      await expect(card.getByText('Use a whole number of hours from 0 to 168')).toHaveCount(0);
      const reminders = card.getByRole('group', { name: 'Reminder times (hours before the appointment)' });
      while ((await reminders.getByRole('button', { name: /^Remove reminder/ }).count()) > 0) {
        await reminders
          .getByRole('button', { name: /^Remove reminder/ })
          .first()
          .click();
      }
      await reminders.getByRole('button', { name: 'Add reminder' }).click();
      await reminders.getByRole('textbox', { name: 'Reminder 1', exact: true }).fill('3');
      await reminders.getByRole('button', { name: 'Add reminder' }).click();
      await reminders.getByRole('textbox', { name: 'Reminder 2', exact: true }).fill('48');
      await card
        .getByRole('switch', { name: /^Send a rebooking message after a no-show/ })
        .setChecked(!before.noShowFollowUp, { force: true });
      await card.getByRole('button', { name: 'Save booking settings' }).click();

      await expect(
        page.locator('.mantine-Notification-root').filter({ hasText: 'Booking settings saved' }),
      ).toBeVisible();
      // Kept largest first.
      await expect(reminders.getByRole('textbox', { name: 'Reminder 1', exact: true })).toHaveValue('48');
      await expect(reminders.getByRole('textbox', { name: 'Reminder 2', exact: true })).toHaveValue('3');
      expect(await api.get<BookingSettings>('/company/booking-settings')).toEqual({
        freeCancellationHours: 48,
        remindersEnabled: before.remindersEnabled,
        reminderHours: [48, 3],
        noShowFollowUp: !before.noShowFollowUp,
      });

      await page.reload();
      await expect(
        page.getByRole('region', { name: 'Bookings' }).getByLabel('Free cancellation until'),
      ).toHaveValue('48');
    } finally {
      await api.put('/company/booking-settings', before);
    }
  });
});
