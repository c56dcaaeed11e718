import type { Locator, Page } from '@playwright/test';
import { DESKTOP, expectAccessibleEverywhere, type Scheme } from './axe';
import { longDate, timeLabel } from './dates';
import { type Api, expect, test } from './fixtures';
import { SHOTS_WANTED } from './shots';
import { createEmployee, uniquePhone, uniqueSuffix } from './staff-data';

/**
 * The waitlist of a taken one-to-one time (#27 item 3, decision 026's addendum): a trainer's 10:00
 * is booked, a second customer sees it taken on the booking page and joins its waitlist, the first
 * cancels on their own link, the time is held for the second and emailed to her, she takes it, and
 * the appointment's page shows her booked with the waitlist saying so.
 */

type Service = { id: string; name: string };
type Schedule = { slots: { date: string; times: string[] }[] };

const SHOTS = '/tmp/pw-waitlist-one';
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

/** A day two or more days ahead with 10:00 and 11:00 open. */
async function openDay(api: Api, username: string, serviceId: string) {
  const schedule = await api.get<Schedule>(`/schedule/${username}?service=${serviceId}`);
  const earliest = new Date(Date.now() + 48 * 3_600_000).toISOString().slice(0, 10);
  const day = schedule.slots.find(
    (d) => d.date >= earliest && d.times.includes('10:00') && d.times.includes('11:00'),
  );
  if (!day) throw new Error('no open day');
  return day.date;
}

async function chooseDay(page: Page, date: string) {
  const dayButton = page.getByRole('button', { name: longDate(date), exact: true });
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await dayButton.click();
}

test('a taken one-to-one time: a customer joins its waitlist, the booking is cancelled on its link, she takes the held time', async ({
  page,
  api,
  login,
}) => {
  const suffix = uniqueSuffix();
  const trainer = await createEmployee(api, { name: `Trainer ${suffix}` });
  const service = await api.post<Service>('/services', {
    name: `Personal training ${suffix}`,
    description: 'One hour, one to one',
    durationMinutes: 60,
    priceAmount: 0,
    currency: 'eur',
    employeeIds: [trainer.id],
  });
  services.push(service.id);
  const day = await openDay(api, trainer.username, service.id);

  // Marta has 10:00 (booked at the desk; emailed her private link).
  const marta = {
    name: 'Marta Gil',
    email: `marta.${suffix}@example.com`.toLowerCase(),
    phone: uniquePhone(),
  };
  const client = await api.post<{ id: string }>('/clients', marta);
  const booked = await api.post<{ id: string }>('/appointments', {
    clientId: client.id,
    employeeId: trainer.id,
    serviceId: service.id,
    date: day,
    timeSlot: '10:00',
  });

  // On the booking page that day, 10:00 is not among the open times: it is listed as taken, with its waitlist.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/schedule/${trainer.username}?service=${service.id}`);
  await chooseDay(page, day);
  const open = page.getByRole('group', { name: 'Available times' });
  await expect(open.getByRole('button', { name: timeLabel('11:00'), exact: true })).toBeVisible();
  await expect(open.getByRole('button', { name: timeLabel('10:00'), exact: true })).toHaveCount(0);
  const waitlist = page.getByTestId('waitlist');
  await expect(waitlist.getByRole('heading', { name: 'Taken times' })).toBeVisible();
  const taken = waitlist.getByRole('list', { name: 'Taken times' }).getByRole('listitem');
  await expect(taken).toHaveCount(1);
  await expect(taken).toContainText(`${timeLabel('10:00')} · Booked`);
  await expectAccessibleEverywhere(page, 'booking page with a taken time', {
    each: shoot(page, 'taken-time'),
  });
  const when = `${longDate(day)}, ${timeLabel('10:00')}`;
  await waitlist.getByRole('button', { name: `Join the waitlist for ${when}` }).click();

  // Elena joins, typing as people type.
  const elena = { name: 'Elena Ruiz', email: `elena.${suffix}@example.com`.toLowerCase() };
  const form = page.getByRole('form', { name: 'Join the waitlist' });
  await expect(form).toContainText(`Waitlist for ${when}`);
  await form.getByLabel('Full Name').pressSequentially(elena.name, HUMAN);
  await form.getByLabel('Email Address').pressSequentially(elena.email, HUMAN);
  await expectAccessibleEverywhere(page, 'one-to-one waitlist form', {
    each: shoot(page, 'waitlist-form', waitlist),
  });
  await form.getByRole('button', { name: 'Join the waitlist' }).click();
  const joined = page.getByTestId('waitlist-joined');
  await expect(joined).toContainText("You're on the waitlist. We'll email you if a place frees up.");
  await expect(joined).toContainText('you are number 1 in line');
  await expectAccessibleEverywhere(page, 'joined the one-to-one waitlist', {
    each: shoot(page, 'waitlist-joined', waitlist),
  });

  // Marta cancels on the link in her confirmation email.
  const confirmation = await mailTo(api, marta.email, /./);
  await page.goto(linkIn(confirmation, '/booking/'));
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel your appointment?' })
    .getByRole('button', { name: 'Cancel appointment' })
    .click();
  await expect(page.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);

  // The time is held for Elena: not open to anyone else, and her email's link takes it.
  const schedule = await api.get<Schedule>(`/schedule/${trainer.username}?service=${service.id}`);
  expect(schedule.slots.find((d) => d.date === day)?.times ?? []).not.toContain('10:00');
  const offer = await mailTo(api, elena.email, /^A place is free/);
  await page.goto(linkIn(offer, '/waitlist/'));
  await expect(page.getByTestId('offer-status')).toHaveText('A place is yours');
  await expect(page.getByText(/We are holding it for you until/)).toBeVisible();
  await expectAccessibleEverywhere(page, 'one-to-one waitlist offer', { each: shoot(page, 'offer') });
  await page.getByRole('button', { name: 'Take the place' }).click();
  await expect(page.getByTestId('offer-status')).toHaveText('You are booked');
  await expect(page.getByRole('link', { name: 'Manage your booking' })).toBeVisible();
  await expectAccessibleEverywhere(page, 'one-to-one waitlist place booked', {
    each: shoot(page, 'offer-booked'),
  });
  await mailTo(api, elena.email, /^Booked/);

  // Staff: Marta's cancelled appointment's page shows the time's waitlist, Elena booked.
  await login();
  await page.goto(`/appointments/${booked.id}`);
  const line = page.getByRole('region', { name: 'Waitlist' });
  await expect(line.getByRole('row').filter({ hasText: elena.name })).toContainText('Booked');
  await expectAccessibleEverywhere(page, 'appointment with its waitlist', {
    each: shoot(page, 'appointment-waitlist'),
  });
});
