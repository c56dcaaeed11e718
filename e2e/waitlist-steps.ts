import type { Page } from '@playwright/test';
import { expectAccessibleEverywhere } from './axe';
import { longDate, timeLabel } from './dates';
import { type Api, expect, test } from './fixtures';
import type { shooter } from './shots';

/**
 * What the waitlist's specs share (a full class's line, waitlist.spec.ts, and a taken one-to-one
 * time's, waitlist-one.spec.ts): the customer's steps on the booking page, their emails and the
 * offer's page, each screen checked with axe, typed as people type.
 */

export type Schedule = { slots: { date: string; times: string[] }[] };

/** Typed as a person types: a controlled input must keep every key. */
export const HUMAN = { delay: 30 };

/** How a spec's screens are shot and named in axe's reports (`kind`: '' or 'one-to-one '). */
type Shots = { shoot: ReturnType<typeof shooter>; kind: string };

/** Services the spec adds (the whole business's), archived after each test: push their ids. */
export function servicesArchivedAfterEach() {
  const services: string[] = [];
  test.afterEach(async ({ api }) => {
    for (const id of services.splice(0)) await api.post(`/services/${id}/archive`);
  });
  return services;
}

/** The newest email to an address whose subject matches, read from the local outbox. */
export async function mailTo(api: Api, email: string, subject: RegExp) {
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
export const linkIn = (text: string, prefix: string) => {
  const found = new RegExp(`https?://[^\\s]+(${prefix}[^\\s]+)`).exec(text);
  if (!found) throw new Error(`no ${prefix} link in: ${text}`);
  return found[1]!;
};

/** A day two or more days ahead (the cancellation policy's usual terms) with each of `times` open. */
export async function dayWithOpen(api: Api, username: string, serviceId: string, times: string[]) {
  const schedule = await api.get<Schedule>(`/schedule/${username}?service=${serviceId}`);
  const earliest = new Date(Date.now() + 48 * 3_600_000).toISOString().slice(0, 10);
  const day = schedule.slots.find((d) => d.date >= earliest && times.every((time) => d.times.includes(time)));
  if (!day) throw new Error(`no day with ${times.join(' and ')} open`);
  return day.date;
}

/** Picks a day in the booking page's calendar, a month on if it is not shown. */
export async function chooseDay(page: Page, date: string) {
  const dayButton = page.getByRole('button', { name: longDate(date), exact: true });
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await dayButton.click();
}

/**
 * On a one-to-one booking page, the customer picks `day`: `open` is among its open times, `taken`
 * is not, and is the one time listed as taken, with its waitlist; the screen is checked with axe.
 */
export async function expectOneTakenTime(
  page: Page,
  day: string,
  times: { open: string; taken: string },
  screen: { name: string; shot: string; shoot: Shots['shoot'] },
) {
  await chooseDay(page, day);
  const open = page.getByRole('group', { name: 'Available times' });
  await expect(open.getByRole('button', { name: timeLabel(times.open), exact: true })).toBeVisible();
  await expect(open.getByRole('button', { name: timeLabel(times.taken), exact: true })).toHaveCount(0);
  const waitlist = page.getByTestId('waitlist');
  await expect(waitlist.getByRole('heading', { name: 'Taken times' })).toBeVisible();
  const taken = waitlist.getByRole('list', { name: 'Taken times' }).getByRole('listitem');
  await expect(taken).toHaveCount(1);
  await expect(taken).toContainText(`${timeLabel(times.taken)} · Booked`);
  await expectAccessibleEverywhere(page, screen.name, { each: screen.shoot(page, screen.shot) });
}

/**
 * On the booking page, the customer joins the waitlist of `when` (as its button names it) and is told
 * they are first in line.
 */
export async function joinWaitlist(
  page: Page,
  when: string,
  who: { name: string; email: string },
  shots: Shots,
) {
  const waitlist = page.getByTestId('waitlist');
  await waitlist.getByRole('button', { name: `Join the waitlist for ${when}` }).click();
  const form = page.getByRole('form', { name: 'Join the waitlist' });
  await expect(form).toContainText(`Waitlist for ${when}`);
  await form.getByLabel('Full Name').pressSequentially(who.name, HUMAN);
  await form.getByLabel('Email Address').pressSequentially(who.email, HUMAN);
  await expectAccessibleEverywhere(page, `${shots.kind}waitlist form`, {
    each: shots.shoot(page, 'waitlist-form', waitlist),
  });
  await form.getByRole('button', { name: 'Join the waitlist' }).click();
  const joined = page.getByTestId('waitlist-joined');
  await expect(joined).toContainText("You're on the waitlist. We'll email you if a place frees up.");
  await expect(joined).toContainText('you are number 1 in line');
  await expectAccessibleEverywhere(page, `joined the ${shots.kind}waitlist`, {
    each: shots.shoot(page, 'waitlist-joined', waitlist),
  });
}

/** The customer cancels their booking on the link in their confirmation email. */
export async function cancelOnEmailLink(page: Page, api: Api, email: string) {
  const confirmation = await mailTo(api, email, /./);
  await page.goto(linkIn(confirmation, '/booking/'));
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel your appointment?' })
    .getByRole('button', { name: 'Cancel appointment' })
    .click();
  await expect(page.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
}

/** The first in line opens the offer's emailed link: the place is held for them. */
export async function openOffer(page: Page, api: Api, email: string, shots: Shots) {
  const offer = await mailTo(api, email, /^A place is free/);
  await page.goto(linkIn(offer, '/waitlist/'));
  await expect(page.getByTestId('offer-status')).toHaveText('A place is yours');
  await expect(page.getByText(/We are holding it for you until/)).toBeVisible();
  await expectAccessibleEverywhere(page, `${shots.kind}waitlist offer`, { each: shots.shoot(page, 'offer') });
}

/** The offer's page says they are booked, with their booking's link, and the confirmation is emailed. */
export async function expectBookedFromOffer(page: Page, api: Api, email: string, shots: Shots) {
  await expect(page.getByTestId('offer-status')).toHaveText('You are booked');
  await expect(page.getByRole('link', { name: 'Manage your booking' })).toBeVisible();
  await expectAccessibleEverywhere(page, `${shots.kind}waitlist place booked`, {
    each: shots.shoot(page, 'offer-booked'),
  });
  await mailTo(api, email, /^Booked/);
}
