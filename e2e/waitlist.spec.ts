import type { Locator, Page } from '@playwright/test';
import { DESKTOP, expectAccessibleEverywhere, type Scheme } from './axe';
import { longDate, timeLabel } from './dates';
import { type Api, expect, test } from './fixtures';
import { SHOTS_WANTED } from './shots';
import { createEmployee, uniquePhone, uniqueSuffix } from './staff-data';

/**
 * The waitlist of a full class (#27 item 3): a 2-seat class is full, a third customer joins its
 * waitlist on the booking page, a seat-holder cancels on their own link, the freed place is held
 * for the third and emailed to her, she takes it within the hold (paying), and the roster shows her
 * booked with the waitlist saying so.
 */

type Service = { id: string; name: string };
type Schedule = { slots: { date: string; times: string[] }[] };
type Appointment = { id: string; client: { name: string }; employee: { id: string }; status: string };

const SHOTS = '/tmp/pw-waitlist';
/** Typed as a person types: a controlled input must keep every key. */
const HUMAN = { delay: 30 };
const SHOT_DESKTOP = { width: 1280, height: 800 };

test.use({ timezoneId: 'Europe/Madrid' });
test.describe.configure({ timeout: 300_000 });

const services: string[] = [];
test.afterEach(async ({ api }) => {
  for (const id of services.splice(0)) await api.post(`/services/${id}/archive`);
});

/** Screenshots at 1280 and 390 px of the page, or only of `part`. */
function shoot(page: Page, name: string, part?: Locator) {
  return async (size: 'desktop' | 'phone', scheme: Scheme) => {
    if (!SHOTS_WANTED) return;
    if (size === 'desktop') await page.setViewportSize(SHOT_DESKTOP);
    const path = `${SHOTS}/${name}-${size === 'desktop' ? 1280 : 390}-${scheme}.png`;
    if (part) await part.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
    if (size === 'desktop') await page.setViewportSize(DESKTOP);
  };
}

/** The newest email to an address whose subject matches, read from the local outbox. */
async function mailTo(api: Api, email: string, subject: RegExp) {
  let text = '';
  await expect
    .poll(async () => {
      const response = await api.raw.get(`/api/mail/local/latest?to=${encodeURIComponent(email)}`);
      if (!response.ok()) return '';
      const mail = (await response.json()) as { subject: string; text: string };
      text = mail.text;
      return mail.subject;
    })
    .toMatch(subject);
  return text;
}

/** The path of the first link to this app's `prefix` in an email's text. */
const linkIn = (text: string, prefix: string) => {
  const found = new RegExp(`https?://[^\\s]+(${prefix}[^\\s]+)`).exec(text);
  if (!found) throw new Error(`no ${prefix} link in: ${text}`);
  return found[1]!;
};

/** A day two or more days ahead with the class's 10:00 open. */
async function classDay(api: Api, username: string, serviceId: string) {
  const schedule = await api.get<Schedule>(`/schedule/${username}?service=${serviceId}`);
  const earliest = new Date(Date.now() + 48 * 3_600_000).toISOString().slice(0, 10);
  const day = schedule.slots.find((d) => d.date >= earliest && d.times.includes('10:00'));
  if (!day) throw new Error('no open day for the class');
  return day.date;
}

test('a full class: a third customer joins the waitlist, a seat is cancelled, she takes the held place in time', async ({
  page,
  api,
  login,
}) => {
  const suffix = uniqueSuffix();
  const trainer = await createEmployee(api, { name: `Coach ${suffix}` });
  const service = await api.post<Service>('/services', {
    name: `Pilates ${suffix}`,
    description: 'Una hora de pilates en grupo',
    durationMinutes: 60,
    priceAmount: 1500,
    currency: 'eur',
    seats: 2,
    employeeIds: [trainer.id],
  });
  services.push(service.id);
  const day = await classDay(api, trainer.username, service.id);

  // Two clients take both seats at the desk; each is emailed a private link.
  const holders = [
    { name: 'Marta Gil', email: `marta.${suffix}@example.com`.toLowerCase(), phone: uniquePhone() },
    { name: 'Jorge Vidal', email: `jorge.${suffix}@example.com`.toLowerCase(), phone: uniquePhone() },
  ];
  for (const holder of holders) {
    const client = await api.post<{ id: string }>('/clients', holder);
    await api.post('/appointments', {
      clientId: client.id,
      employeeId: trainer.id,
      serviceId: service.id,
      date: day,
      timeSlot: '10:00',
    });
  }

  // The booking page lists the full time with its waitlist.
  const url = `/schedule/${trainer.username}?service=${service.id}`;
  await page.setViewportSize(DESKTOP);
  await page.goto(url);
  const waitlist = page.getByTestId('waitlist');
  await expect(waitlist.getByRole('heading', { name: 'Full classes' })).toBeVisible();
  const when = `${longDate(day)}, ${timeLabel('10:00')}`;
  await expectAccessibleEverywhere(page, 'booking page with a full class', {
    each: shoot(page, 'full-class'),
  });
  await waitlist.getByRole('button', { name: `Join the waitlist for ${when}` }).click();

  // The third customer joins, typing as people type.
  const third = { name: 'Elena Ruiz', email: `elena.${suffix}@example.com`.toLowerCase() };
  const form = page.getByRole('form', { name: 'Join the waitlist' });
  await expect(form).toContainText(`Waitlist for ${when}`);
  await form.getByLabel('Full Name').pressSequentially(third.name, HUMAN);
  await form.getByLabel('Email Address').pressSequentially(third.email, HUMAN);
  await expectAccessibleEverywhere(page, 'waitlist form', { each: shoot(page, 'waitlist-form', waitlist) });
  await form.getByRole('button', { name: 'Join the waitlist' }).click();
  const joined = page.getByTestId('waitlist-joined');
  await expect(joined).toContainText("You're on the waitlist. We'll email you if a place frees up.");
  await expect(joined).toContainText('you are number 1 in line');
  await expectAccessibleEverywhere(page, 'joined the waitlist', {
    each: shoot(page, 'waitlist-joined', waitlist),
  });

  // Marta cancels her seat on the link in her confirmation email.
  const confirmation = await mailTo(api, holders[0]!.email, /./);
  await page.goto(linkIn(confirmation, '/booking/'));
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel your appointment?' })
    .getByRole('button', { name: 'Cancel appointment' })
    .click();
  await expect(page.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);

  // The place is held for Elena: her email's link opens it.
  const offer = await mailTo(api, third.email, /^A place is free/);
  await page.goto(linkIn(offer, '/waitlist/'));
  await expect(page.getByTestId('offer-status')).toHaveText('A place is yours');
  await expect(page.getByText(/We are holding it for you until/)).toBeVisible();
  await expectAccessibleEverywhere(page, 'waitlist offer', { each: shoot(page, 'offer') });
  await page.getByRole('button', { name: /^Pay .* and take the place$/ }).click();
  await page.getByLabel('Card number').pressSequentially('4242424242424242', HUMAN);
  await page.getByLabel('Expiry date').pressSequentially('1234', HUMAN);
  await page.getByLabel('CVC').pressSequentially('123', HUMAN);
  await expectAccessibleEverywhere(page, 'waitlist offer card', { each: shoot(page, 'offer-card') });
  await page.getByRole('button', { name: /^Pay .* and take the place$/ }).click();
  await expect(page.getByTestId('offer-status')).toHaveText('You are booked');
  await expect(page.getByRole('link', { name: 'Manage your booking' })).toBeVisible();
  await expectAccessibleEverywhere(page, 'waitlist place booked', { each: shoot(page, 'offer-booked') });
  await mailTo(api, third.email, /^Booked/);

  // Staff: the roster has Elena paid, and the waitlist says she booked.
  await login();
  const list = await api.get<{ appointments: Appointment[] }>(
    `/appointments?startDate=${day}&endDate=${day}&limit=100`,
  );
  const seat = list.appointments.find(
    (a) => a.employee.id === trainer.id && a.client.name === holders[1]!.name,
  );
  await page.goto(`/appointments/${seat!.id}`);
  const roster = page.getByRole('region', { name: 'Class roster' });
  await expect(roster.getByTestId('roster-seats')).toHaveText('2 of 2 seats taken');
  await expect(roster.getByRole('row').filter({ hasText: third.name })).toContainText('€15.00 paid');
  const line = page.getByRole('region', { name: 'Waitlist' });
  await expect(line.getByRole('row').filter({ hasText: third.name })).toContainText('Booked');
  await expectAccessibleEverywhere(page, 'roster with its waitlist', {
    each: shoot(page, 'roster-waitlist'),
  });
});
