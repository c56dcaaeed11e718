import type { Page } from '@playwright/test';
import { DESKTOP, expectAccessibleEverywhere } from './axe';
import { longDate, timeLabel } from './dates';
import { type Api, expect, test } from './fixtures';
import { shooter } from './shots';
import { createEmployee, uniqueSuffix } from './staff-data';

/**
 * Group classes (#27): staff give a service 6 seats, customers book seats on the booking page while
 * it says how many are left, the roster shows them on the appointment page, staff mark attendance,
 * and cancelling the class refunds everyone.
 */

type Service = { id: string; name: string };
type Schedule = { slots: { date: string; times: string[]; seatsLeft?: Record<string, number> }[] };
type Appointment = { id: string; client: { email: string | null }; employee: { id: string } };

const shoot = shooter('/tmp/pw-classes');
/** Typed as a person types: a controlled input must keep every key. */
const HUMAN = { delay: 30 };

test.use({ timezoneId: 'Europe/Madrid' });
test.describe.configure({ timeout: 300_000 });

const services: string[] = [];
test.afterEach(async ({ api }) => {
  for (const id of services.splice(0)) await api.post(`/services/${id}/archive`);
});

/** A time with its seats left, heard as '10:00 AM, 6 seats left'. */
const seatButton = (page: Page, time: string, left: number) =>
  page.getByRole('group', { name: 'Available times' }).getByRole('button', {
    name: new RegExp(`^${timeLabel(time)} ?, ${left === 1 ? '1 seat' : `${left} seats`} left$`),
  });

async function openDay(page: Page, date: string) {
  const dayButton = page.getByRole('button', { name: longDate(date), exact: true });
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await dayButton.click();
}

/** A customer books and pays for one seat on the booking page, typing as people type. */
async function bookSeat(
  page: Page,
  url: string,
  day: string,
  time: string,
  left: number,
  who: { name: string; email: string; phone: string },
) {
  await page.goto(url);
  await openDay(page, day);
  await seatButton(page, time, left).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
  await page.getByLabel('Full Name').pressSequentially(who.name, HUMAN);
  await page.getByLabel('Email Address').pressSequentially(who.email, HUMAN);
  await page.getByLabel('Phone number').pressSequentially(who.phone, HUMAN);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByLabel('Card number').pressSequentially('4242424242424242', HUMAN);
  await page.getByLabel('Expiry date').pressSequentially('1234', HUMAN);
  await page.getByLabel('CVC').pressSequentially('123', HUMAN);
  await page.getByRole('button', { name: 'Pay 15€ and Book Appointment' }).click();
  await expect(page.getByText('Booking Successful!')).toBeVisible();
}

/** A day two or more days ahead with the class's 10:00 open (the policy's usual terms then). */
async function classDay(api: Api, username: string, serviceId: string) {
  const schedule = await api.get<Schedule>(`/schedule/${username}?service=${serviceId}`);
  const earliest = new Date(Date.now() + 48 * 3_600_000).toISOString().slice(0, 10);
  const day = schedule.slots.find((d) => d.date >= earliest && d.times.includes('10:00'));
  if (!day) throw new Error('no open day for the class');
  return day.date;
}

test('staff give a service 6 seats, customers book seats, the roster takes attendance, the class is cancelled', async ({
  page,
  api,
  login,
}) => {
  const suffix = uniqueSuffix();
  const trainer = await createEmployee(api, { name: `Coach ${suffix}` });
  const name = `Spinning ${suffix}`;
  const service = await api.post<Service>('/services', {
    name,
    description: 'Una hora sobre la bici',
    durationMinutes: 60,
    priceAmount: 1500,
    currency: 'eur',
    employeeIds: [trainer.id],
  });
  services.push(service.id);

  // Staff make it a class of 6 seats on its form.
  await login();
  await page.setViewportSize(DESKTOP);
  await page.goto(`/services/${service.id}`);
  const seats = page.getByRole('textbox', { name: 'Seats' });
  await seats.click();
  await seats.pressSequentially('6', HUMAN);
  await expectAccessibleEverywhere(page, 'service form with seats', {
    each: shoot(page, 'service-seats'),
  });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL('/services');
  const saved = await api.get<{ id: string; seats: number | null }[]>('/services');
  expect(saved.find((row) => row.id === service.id)?.seats).toBe(6);

  // The booking page says how many seats each time has.
  const day = await classDay(api, trainer.username, service.id);
  const url = `/schedule/${trainer.username}?service=${service.id}`;
  await page.goto(url);
  await expect(page.getByText('A 60-minute class of up to 6: you book one seat')).toBeVisible();
  await openDay(page, day);
  await expect(seatButton(page, '10:00', 6)).toBeVisible();
  await expect(page.getByTestId('seats-left').first()).toContainText('6 seats left');
  await expectAccessibleEverywhere(page, 'booking page of a class', { each: shoot(page, 'class-seats') });

  // Two customers book a seat each on the page; the seats left go down.
  const customers = [
    { name: 'Lucía Romero', email: `lucia.${suffix}@example.com`.toLowerCase(), phone: '+34 600 222 333' },
    { name: 'Pablo Ortega', email: `pablo.${suffix}@example.com`.toLowerCase(), phone: '+34 600 444 555' },
  ];
  await bookSeat(page, url, day, '10:00', 6, customers[0]!);
  await bookSeat(page, url, day, '10:00', 5, customers[1]!);
  await page.goto(url);
  await openDay(page, day);
  await expect(seatButton(page, '10:00', 4)).toBeVisible();

  // The roster on a seat's appointment page lists both, paid.
  const list = await api.get<{ appointments: Appointment[] }>(
    `/appointments?startDate=${day}&endDate=${day}&limit=100`,
  );
  const seatsBooked = list.appointments.filter((a) => a.employee.id === trainer.id);
  expect(seatsBooked).toHaveLength(2);
  await page.goto(`/appointments/${seatsBooked[0]!.id}`);
  const roster = page.getByRole('region', { name: 'Class roster' });
  await expect(roster.getByTestId('roster-seats')).toHaveText('2 of 6 seats taken');
  for (const customer of customers) {
    await expect(roster.getByRole('row').filter({ hasText: customer.name })).toContainText('€15.00 paid');
  }
  // A seat stays at its class time: no Reschedule.
  await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  await expectAccessibleEverywhere(page, 'class roster', { each: shoot(page, 'class-roster') });

  // Attendance: Lucía attended, Pablo did not come; saved, as a reload shows.
  const attendance = (who: string) => roster.getByRole('group', { name: `Attendance of ${who}` });
  await attendance('Lucía Romero').getByRole('button', { name: 'Attended' }).click();
  await expect(attendance('Lucía Romero').getByRole('button', { name: 'Attended' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await attendance('Pablo Ortega').getByRole('button', { name: 'No-show' }).click();
  await expect(attendance('Pablo Ortega').getByRole('button', { name: 'No-show' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await expect(attendance('Lucía Romero').getByRole('button', { name: 'Attended' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(attendance('Pablo Ortega').getByRole('button', { name: 'No-show' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessibleEverywhere(page, 'class roster with attendance', {
    each: shoot(page, 'class-roster-attendance'),
  });

  // The class is called off after all: the marks come off, then staff cancel it for everyone.
  await attendance('Lucía Romero').getByRole('button', { name: 'Attended' }).click();
  await expect(attendance('Lucía Romero').getByRole('button', { name: 'Attended' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await attendance('Pablo Ortega').getByRole('button', { name: 'No-show' }).click();
  await expect(attendance('Pablo Ortega').getByRole('button', { name: 'No-show' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await roster.getByRole('button', { name: 'Cancel class' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel the whole class?' });
  await expect(confirm).toContainText('The 2 booked seats are cancelled');
  await expectAccessibleEverywhere(page, 'cancel class dialog', {
    shows: confirm,
    each: shoot(page, 'cancel-class', confirm),
  });
  await confirm.getByRole('button', { name: 'Cancel class' }).click();
  await expect(confirm).toBeHidden();
  await expect(roster.getByTestId('roster-seats')).toHaveText('0 of 6 seats taken');
  for (const customer of customers) {
    await expect(roster.getByRole('row').filter({ hasText: customer.name })).toContainText('€15.00 refunded');
  }
  await expect(roster.getByRole('button', { name: 'Cancel class' })).toHaveCount(0);
  await expectAccessibleEverywhere(page, 'cancelled class roster', { each: shoot(page, 'class-cancelled') });

  // Each customer is told.
  for (const customer of customers) {
    await expect
      .poll(async () => {
        const response = await api.raw.get(`/api/mail/local/latest?to=${encodeURIComponent(customer.email)}`);
        return response.ok() ? ((await response.json()) as { subject: string }).subject : '';
      })
      .toMatch(/cancel/i);
  }
});
