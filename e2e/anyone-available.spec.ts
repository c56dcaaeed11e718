import type { Page } from '@playwright/test';
import { expectAccessibleEverywhere } from './axe';
import { longDate, timeLabel } from './dates';
import { type Api, expect, test } from './fixtures';
import { screenshot } from './shots';
import { createEmployee, uniqueSuffix } from './staff-data';

/** "Anyone available": the business's booking page, from a service and a time to whoever is free. */

type Service = { id: string; name: string };
type AnyoneSlots = { slots: { date: string; times: string[] }[] };
type Appointment = {
  date: string;
  startTime: string;
  employee: { id: string | null };
  client: { name: string };
};

const SHOTS = '/tmp/pw-book';
/** Typed as a person types: a controlled input must keep every key. */
const HUMAN = { delay: 30 };

test.use({ timezoneId: 'Europe/Madrid' });
test.describe.configure({ timeout: 180_000 });

// Services are the whole business's: archived after each test, so later specs see the catalogue they expect.
const created: string[] = [];
test.afterEach(async ({ api }) => {
  for (const id of created.splice(0)) await api.post(`/services/${id}/archive`);
});

async function twoProfessionalService(api: Api) {
  const suffix = uniqueSuffix();
  const ana = await createEmployee(api, { name: `Ana Anyone ${suffix}`, title: 'Senior Stylist' });
  const bea = await createEmployee(api, { name: `Bea Anyone ${suffix}` });
  const service = await api.post<Service>('/services', {
    name: `Any Cut ${suffix}`,
    description: 'A cut with whoever is free',
    durationMinutes: 45,
    priceAmount: 3000,
    currency: 'eur',
    employeeIds: [ana.id, bea.id],
  });
  created.push(service.id);
  return { ana, bea, service };
}

/** A day from tomorrow on with 10:00 open. */
async function openDay(api: Api, service: Service) {
  const { slots } = await api.get<AnyoneSlots>(`/book/services/${service.id}/slots`);
  const day = slots.slice(1).find((candidate) => candidate.times.includes('10:00'));
  if (!day) throw new Error('no day with 10:00 open');
  return day.date;
}

async function chooseDay(page: Page, date: string) {
  const dayButton = page.getByRole('button', { name: longDate(date), exact: true });
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await dayButton.click();
}

const timeButton = (page: Page, time: string) =>
  page
    .getByRole('group', { name: 'Available times' })
    .getByRole('button', { name: timeLabel(time), exact: true });

test.describe('Anyone available', () => {
  test('a visitor books a service with whoever is free, then pays on their page', async ({ page, api }) => {
    const { ana, bea, service } = await twoProfessionalService(api);
    const day = await openDay(api, service);

    await page.goto('/book');
    const option = page.getByRole('button', { name: new RegExp(`^${service.name}`) });
    await expect(option).toContainText('45 min');
    await expect(option).toContainText('€30.00');
    await expect(option).toContainText(`with Ana and Bea`);
    await option.click();
    await expect(page.getByRole('heading', { name: service.name })).toBeVisible();

    await chooseDay(page, day);
    await timeButton(page, '10:00').click();
    // Neither has a booking that day: the first by name takes it.
    await expect(page.getByRole('heading', { name: `With ${ana.name}` })).toBeVisible();
    await expect(page.getByText('Senior Stylist')).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();

    await expect(page).toHaveURL(new RegExp(`/schedule/${ana.username}\\?service=${service.id}$`));
    await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
    await expect(page.getByTestId('chosen-slot')).toContainText('at 10:00 AM');
    await page.getByLabel('Full Name').pressSequentially('Ada Anyone', HUMAN);
    await page.getByLabel('Email Address').pressSequentially('ada.anyone@example.com', HUMAN);
    await page.getByLabel('Phone number').pressSequentially('+34 600 444 555', HUMAN);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByLabel('Card number').pressSequentially('4242424242424242', HUMAN);
    await page.getByLabel('Expiry date').pressSequentially('1234', HUMAN);
    await page.getByLabel('CVC').pressSequentially('123', HUMAN);
    await page.getByRole('button', { name: 'Pay 30€ and Book Appointment' }).click();
    await expect(page.getByText('Booking Successful!')).toBeVisible();

    const list = await api.get<{ appointments: Appointment[] }>(
      `/appointments?startDate=${day}&endDate=${day}&limit=100`,
    );
    const booked = list.appointments.filter((appointment) => appointment.client.name === 'Ada Anyone');
    expect(booked.map((appointment) => [appointment.employee.id, appointment.startTime])).toEqual([
      [ana.id, '10:00'],
    ]);

    // Ana has that day's booking now: the next visitor at another time is given Bea.
    await page.goto(`/book?service=${service.id}`);
    await chooseDay(page, day);
    await timeButton(page, '14:00').click();
    await expect(page.getByRole('heading', { name: `With ${bea.name}` })).toBeVisible();
  });

  test('a time nobody is free for any more says so and reloads the times', async ({ page, api }) => {
    const { service } = await twoProfessionalService(api);
    const day = await openDay(api, service);
    await page.route(`**/api/book/services/${service.id}/assign`, (route) =>
      route.fulfill({ status: 409, json: { message: 'That time was just taken. Please choose another.' } }),
    );
    await page.goto(`/book?service=${service.id}`);
    await chooseDay(page, day);
    const reloaded = page.waitForResponse(`**/api/book/services/${service.id}/slots`);
    await timeButton(page, '10:00').click();
    await expect(page.getByRole('alert')).toHaveText('That time was just taken. Please choose another.');
    await reloaded;
    await expect(page.getByRole('link', { name: 'Continue' })).toHaveCount(0);
  });

  test('the page in light and dark, on a desktop and a phone', async ({ page, api }) => {
    const { service } = await twoProfessionalService(api);
    const day = await openDay(api, service);
    const shot = (name: string) => (size: string, scheme: string) =>
      screenshot(page, `${SHOTS}/${name}-${size}-${scheme}.png`, { fullPage: true });
    // Each step opened once and checked in place in both schemes at both sizes.
    await page.goto('/book');
    await expect(page.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
    await expectAccessibleEverywhere(page, 'book services', { each: shot('book-services') });

    await page.getByRole('button', { name: new RegExp(`^${service.name}`) }).click();
    await chooseDay(page, day);
    await timeButton(page, '11:00').click();
    const assigned = page.getByRole('heading', { name: /^With / });
    await expect(assigned).toBeVisible();
    await expectAccessibleEverywhere(page, 'book assigned time', {
      shows: assigned,
      each: shot('book-assigned'),
    });
  });
});
