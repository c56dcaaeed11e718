import type { Locator, Page } from '@playwright/test';
import { DESKTOP, expectAccessibleEverywhere } from './axe';
import { longDate, timeLabel } from './dates';
import { type Api, expect, test } from './fixtures';
import { latestMail } from './mailbox';
import { shooter } from './shots';
import { createEmployee, uniqueSuffix } from './staff-data';

/**
 * Packs on the public side: a customer buys one on the booking page, books with it after an
 * emailed code, sees the balance on the manage page, cancels in time and gets the session back.
 */

type Service = { id: string; name: string };
type Client = { id: string; email: string | null };
type Schedule = { slots: { date: string; times: string[] }[] };

const shoot = shooter('/tmp/pw-packs2');
/** Typed as a person types: a controlled input must keep every key. */
const HUMAN = { delay: 30 };

test.use({ timezoneId: 'Europe/Madrid', locale: 'es-ES' });
test.describe.configure({ timeout: 240_000 });

const services: string[] = [];
const packs: string[] = [];
test.afterEach(async ({ api }) => {
  for (const id of packs.splice(0)) await api.post(`/packs/${id}/archive`);
  for (const id of services.splice(0)) await api.post(`/services/${id}/archive`);
});

async function typeInto(scope: Page | Locator, label: string, value: string) {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  await box.pressSequentially(value, HUMAN);
}

/** A day at least two days ahead with the time open: cancelling it is inside the 24-hour policy. */
async function dayWellAhead(api: Api, username: string, serviceId: string, time: string) {
  const schedule = await api.get<Schedule>(`/schedule/${username}?service=${encodeURIComponent(serviceId)}`);
  const day = schedule.slots.slice(2).find((candidate) => candidate.times.includes(time));
  if (!day) throw new Error(`no day with ${time} open`);
  return day.date;
}

async function openDay(page: Page, date: string) {
  const dayButton = page.getByRole('button', { name: longDate(date), exact: true });
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await dayButton.click();
}

test('a customer buys a pack, books with it after an emailed code, and cancels in time to get the session back', async ({
  page,
  api,
}) => {
  const suffix = uniqueSuffix();
  const trainer = await createEmployee(api, { name: `Trainer ${suffix}`, title: 'Coach' });
  const service = await api.post<Service>('/services', {
    name: `Training ${suffix}`,
    description: '',
    durationMinutes: 60,
    priceAmount: 4000,
    currency: 'eur',
    employeeIds: [trainer.id],
  });
  services.push(service.id);
  const packName = `Ten sessions ${suffix}`;
  const pack = await api.post<{ id: string }>('/packs', {
    serviceId: service.id,
    name: packName,
    sessions: 10,
    priceAmount: 35000,
    validityDays: 90,
  });
  packs.push(pack.id);
  const email = `pack.buyer.${suffix}@example.com`.toLowerCase();

  await page.setViewportSize(DESKTOP);
  // A browser in Spanish whose visitor chose English on these pages before: the choice wins, and
  // the emails follow the page (booking-spanish.spec.ts books in Spanish).
  await page.addInitScript(() => localStorage.setItem('chatdesk.booking-page-language', 'en'));
  // The business's booking page offers it beside the times, and Buy opens its purchase on the
  // professional's page, where the card form is.
  await page.goto(`/book?service=${service.id}`);
  const bookOffer = page.getByRole('region', { name: 'Save with a pack' });
  await expect(bookOffer).toContainText(`${packName}10 sessions · €350.00 · valid 90 days`);
  await expectAccessibleEverywhere(page, 'business booking page with packs', {
    each: shoot(page, 'book-page-packs'),
  });
  await bookOffer.getByRole('link', { name: `Buy ${packName}` }).click();
  const opened = page.getByRole('dialog', { name: `Buy ${packName}` });
  await expect(opened).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/schedule/${trainer.username}\\?service=${service.id}$`));
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();

  const offer = page.getByRole('region', { name: 'Save with a pack' });
  await expect(offer.getByText(packName)).toBeVisible();
  await expect(offer).toContainText('10 sessions · €350.00 · valid 90 days');
  await expectAccessibleEverywhere(page, 'booking page with packs', { each: shoot(page, 'book-packs') });

  await offer.getByRole('button', { name: `Buy ${packName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Buy ${packName}` });
  await expect(dialog).toContainText(
    `10 sessions of Training ${suffix} for €350.00, valid 90 days from today.`,
  );
  // Nothing typed: the form says what is missing.
  await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await typeInto(dialog, 'Full Name', 'Lucía Romero');
  await typeInto(dialog, 'Email Address', email);
  await typeInto(dialog, 'Phone number', '+34 600 222 333');
  await expectAccessibleEverywhere(page, 'buy pack: details', {
    shows: dialog,
    each: shoot(page, 'buy-pack-details', dialog),
  });
  await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();

  // A declined card first: nothing is bought, and the same payment is tried again with another card.
  await typeInto(dialog, 'Card number', '4000 0000 0000 0002');
  await typeInto(dialog, 'Expiry date', '12 / 34');
  await typeInto(dialog, 'CVC', '123');
  await expectAccessibleEverywhere(page, 'buy pack: card', {
    shows: dialog,
    each: shoot(page, 'buy-pack-card', dialog),
  });
  await dialog.getByRole('button', { name: 'Pay €350.00 and buy the pack' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Your card was declined.');
  const card = dialog.getByLabel('Card number', { exact: true });
  await card.click();
  await card.press('ControlOrMeta+a');
  await card.press('Backspace');
  await card.pressSequentially('4242 4242 4242 4242', HUMAN);
  await dialog.getByRole('button', { name: 'Pay €350.00 and buy the pack' }).click();

  const bought = page.getByRole('dialog', { name: 'Pack bought' });
  await expect(bought.getByTestId('pack-bought')).toContainText(
    `10 sessions of Training ${suffix}, valid until`,
  );
  await expect(bought).toContainText(`We sent the details to ${email}.`);
  await expectAccessibleEverywhere(page, 'buy pack: bought', {
    shows: bought,
    each: shoot(page, 'buy-pack-bought', bought),
  });
  await bought.getByRole('button', { name: 'Done' }).click();
  await expect(bought).toBeHidden();

  // The confirmation, in the page's language (English, as chosen, though the browser is Spanish).
  const mail = await latestMail(api, email, /^Your pack: /);
  expect(mail.subject).toBe(`Your pack: ${packName}`);
  expect(mail.text).toContain(`Sessions: 10 of Training ${suffix}`);
  expect(mail.text).toContain('Paid: €350.00');

  // Staff see the client, made from the purchase, with the pack paid online.
  const [client] = (await api.get<{ items: Client[] }>(`/clients?search=${encodeURIComponent(email)}`)).items;
  const held = await api.get<{ name: string; sessionsLeft: number; method: string }[]>(
    `/clients/${client!.id}/packs`,
  );
  expect(held).toEqual([expect.objectContaining({ name: packName, sessionsLeft: 10, method: 'online' })]);

  // Book a time with the pack: the email is proved by a code sent to it.
  const day = await dayWellAhead(api, trainer.username, service.id, '10:00');
  await openDay(page, day);
  await page
    .getByRole('group', { name: 'Available times' })
    .getByRole('button', { name: new RegExp(`^${timeLabel('10:00')}( \\(.+ your time\\))?$`) })
    .click();
  await page.getByRole('button', { name: 'I have a pack' }).click();
  const panel = page.getByRole('form', { name: "Your pack's email" });
  await typeInto(panel, 'Email Address', email);
  await expectAccessibleEverywhere(page, 'book with a pack: email', {
    each: shoot(page, 'use-pack-email'),
  });
  await panel.getByRole('button', { name: 'Email me a code' }).click();
  const codeForm = page.getByRole('form', { name: 'Code from the email' });
  await expect(codeForm.getByRole('status')).toContainText('a code is on its way');
  const codeMail = await latestMail(api, email, /^Your code to use your pack$/);
  const code = /\b(\d{6})\b/.exec(codeMail.text)![1]!;
  // A wrong code first: refused, and the right one still works.
  await typeInto(codeForm, 'Code', code === '000000' ? '111111' : '000000');
  await codeForm.getByRole('button', { name: 'Check code' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right.');
  const codeBox = codeForm.getByLabel('Code', { exact: true });
  await codeBox.click();
  await codeBox.press('ControlOrMeta+a');
  await codeBox.press('Backspace');
  await codeBox.pressSequentially(code, HUMAN);
  await codeForm.getByRole('button', { name: 'Check code' }).click();
  await expect(page.getByTestId('pack-balance')).toContainText(
    `${packName}: 10 of 10 sessions left, valid until`,
  );
  await expectAccessibleEverywhere(page, 'book with a pack: checked', {
    each: shoot(page, 'use-pack-checked'),
  });
  await page.getByRole('button', { name: 'Book with my pack' }).click();
  await expect(page.getByTestId('paid-with-pack')).toContainText(
    `Paid with your pack. ${packName}: 9 of 10 sessions left, valid until`,
  );
  await expectAccessibleEverywhere(page, 'booked with a pack', { each: shoot(page, 'use-pack-booked') });

  // The confirmation's private link: the manage page shows the pack's balance.
  const confirmation = await latestMail(api, email, /^Your appointment with /);
  expect(confirmation.text).toContain(`Paid with your pack: ${packName} (9 sessions left)`);
  const link = new URL(/To cancel or reschedule: (\S+)/.exec(confirmation.text)![1]!).pathname;
  await page.goto(link);
  await expect(page.getByTestId('appointment-pack')).toContainText(
    `${packName}: 9 of 10 sessions left, valid until`,
  );
  await expectAccessibleEverywhere(page, 'manage page of a pack booking', {
    each: shoot(page, 'manage-pack'),
  });

  // Cancelled more than a day ahead: the session goes back.
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your appointment?' });
  await expect(cancel.getByTestId('cancel-consequence')).toHaveText('The session goes back to your pack.');
  await expectAccessibleEverywhere(page, 'cancel a pack booking', {
    shows: cancel,
    each: shoot(page, 'manage-pack-cancel', cancel),
  });
  await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByTestId('appointment-pack')).toContainText(
    `${packName}: 10 of 10 sessions left, valid until`,
  );
  await expect(page.getByTestId('appointment-pack')).toContainText('(this session was given back)');
  await expect(
    page.getByRole('status').filter({ hasText: 'Your appointment has been cancelled.' }),
  ).toContainText('The session went back to your pack.');
  await expectAccessibleEverywhere(page, 'cancelled pack booking', {
    each: shoot(page, 'manage-pack-cancelled'),
  });
  const after = await api.get<{ sessionsLeft: number }[]>(`/clients/${client!.id}/packs`);
  expect(after).toEqual([expect.objectContaining({ sessionsLeft: 10 })]);
});
