import type { Page } from '@playwright/test';
import { DESKTOP, expectAccessibleEverywhere } from './axe';
import { createClient } from './client-data';
import { longDate, timeLabel } from './dates';
import { type Api, expect, test } from './fixtures';
import { shooter } from './shots';
import { createEmployee, uniqueSuffix } from './staff-data';

/** Packs of sessions: staff define one, sell it to a client, book with it and give a session back. */

type Service = { id: string; name: string };
type Schedule = { slots: { date: string; times: string[] }[] };

const shoot = shooter('/tmp/pw-packs');
/** Typed as a person types: a controlled input must keep every key. */
const HUMAN = { delay: 30 };

test.use({ timezoneId: 'Europe/Madrid' });
test.describe.configure({ timeout: 240_000 });

// Services and packs are the whole business's: what the test adds is archived after it.
const services: string[] = [];
const packs: string[] = [];
test.afterEach(async ({ api }) => {
  for (const id of packs.splice(0)) await api.post(`/packs/${id}/archive`);
  for (const id of services.splice(0)) await api.post(`/services/${id}/archive`);
});

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

async function pick(page: Page, field: string, typed: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: field, exact: true });
  await box.click();
  await box.pressSequentially(typed, HUMAN);
  await page.getByRole('option', { name: option }).click();
}

async function retype(page: Page, name: string, value: string) {
  const box = page.getByRole('textbox', { name, exact: true });
  await box.click();
  await box.press('ControlOrMeta+a');
  await box.press('Backspace');
  await box.pressSequentially(value, HUMAN);
}

test('staff define a 10-session pack, sell it, book with it and get the session back by cancelling in time', async ({
  page,
  login,
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
  const client = await createClient(api, { name: `Pack Client ${suffix}` });
  const packName = `Ten sessions ${suffix}`;
  const day = await dayWellAhead(api, trainer.username, service.id, '10:00');
  await login();
  await page.setViewportSize(DESKTOP);

  // Define the pack on the Services page, beside the services.
  await page.goto('/services');
  const section = page.getByRole('region', { name: 'Packs' });
  await expect(
    section.getByText('No packs yet').or(section.getByRole('table', { name: 'Packs' })),
  ).toBeVisible();
  await section.getByRole('button', { name: 'Add Pack' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Pack' });
  await expect(dialog).toBeVisible();
  // Nothing chosen: the form says what is missing.
  await dialog.getByRole('button', { name: 'Add Pack' }).click();
  await expect(dialog.getByText('Choose a service from the list')).toBeVisible();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await pick(page, 'Service', `Training ${suffix}`, `Training ${suffix}`);
  await dialog.getByRole('textbox', { name: 'Name' }).pressSequentially(packName, HUMAN);
  await retype(page, 'Sessions', '10');
  await dialog.getByRole('textbox', { name: 'Price' }).pressSequentially('350', HUMAN);
  await retype(page, 'Valid for (days)', '90');
  await expectAccessibleEverywhere(page, 'add pack dialog', {
    shows: dialog,
    each: shoot(page, 'pack-dialog'),
  });
  await dialog.getByRole('button', { name: 'Add Pack' }).click();
  await expect(dialog).toBeHidden();
  const row = section.getByRole('table', { name: 'Packs' }).getByRole('row').filter({ hasText: packName });
  await expect(row).toContainText(`Training ${suffix}`);
  await expect(row).toContainText('10 sessions');
  await expect(row).toContainText('€350.00');
  await expect(row).toContainText('90 days');
  const created = (await api.get<{ id: string; name: string }[]>('/packs')).find((p) => p.name === packName);
  packs.push(created!.id);
  await section.scrollIntoViewIfNeeded();
  await expectAccessibleEverywhere(page, 'services page with packs', { each: shoot(page, 'services-packs') });

  // Sell it on the client's page, paid by card at the desk.
  await page.goto(`/clients/${client.id}`);
  const card = page.getByRole('region', { name: 'Packs' });
  await expect(card.getByText('No packs yet')).toBeVisible();
  await card.getByRole('button', { name: 'Sell pack' }).click();
  const sell = page.getByRole('dialog', { name: 'Sell pack' });
  await pick(page, 'Pack', packName, new RegExp(packName));
  await sell.getByText('Card', { exact: true }).click();
  await expect(sell.getByRole('radio', { name: 'Card' })).toBeChecked();
  await expect(sell.getByText(`10 sessions of Training ${suffix}, valid 90 days from today.`)).toBeVisible();
  await expectAccessibleEverywhere(page, 'sell pack dialog', {
    shows: sell,
    each: shoot(page, 'sell-dialog'),
  });
  await sell.getByRole('button', { name: 'Sell pack' }).click();
  await expect(sell).toBeHidden();
  const balance = card.getByRole('article', { name: packName });
  await expect(balance.getByTestId('pack-balance')).toHaveText('10 of 10 sessions left');
  await expect(balance).toContainText('Expires');
  await expect(balance).toContainText('€350.00 (card)');
  await expectAccessibleEverywhere(page, 'client page with packs', { each: shoot(page, 'client-packs') });

  // Book from the client's page: the form offers the pack, chosen already.
  await page.getByRole('link', { name: 'New appointment' }).click();
  await pick(page, 'Professional', `Trainer ${suffix}`, `Trainer ${suffix} · Coach`);
  await page.getByRole('combobox', { name: 'Service', exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^Training ${suffix}`) }).click();
  const usePack = page.getByRole('radio', { name: 'Use pack (10 left)' });
  await expect(usePack).toBeChecked();
  await openDay(page, day);
  await page
    .getByRole('group', { name: 'Available times' })
    .getByRole('button', { name: timeLabel('10:00'), exact: true })
    .click();
  await expectAccessibleEverywhere(page, 'new appointment with a pack', {
    each: shoot(page, 'book-with-pack', page.getByRole('form', { name: 'New appointment' })),
  });
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByText('Appointment booked')).toBeVisible();
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
  const appointmentUrl = page.url();
  await expect(page.getByText(`Pack session (${packName})`)).toBeVisible();

  await page.goto(`/clients/${client.id}`);
  await expect(balance.getByTestId('pack-balance')).toHaveText('9 of 10 sessions left');

  // Cancelled more than a day ahead: inside the policy, so the session comes back.
  await page.goto(appointmentUrl);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
  await expect(page.getByText(`Pack session given back (${packName})`)).toBeVisible();
  await page.goto(`/clients/${client.id}`);
  await expect(balance.getByTestId('pack-balance')).toHaveText('10 of 10 sessions left');

  // The pack's ledger: the balance is the sum of what happened to it.
  await balance.getByRole('button', { name: `Show history of ${packName}` }).click();
  const history = balance.getByRole('table', { name: `History of ${packName}` });
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history.getByRole('row').nth(1)).toContainText('Sold+10');
  await expect(history.getByRole('row').nth(2)).toContainText('Used by a booking-1');
  await expect(history.getByRole('row').nth(3)).toContainText('Given back by a cancellation+1');
  await expect(history.getByRole('link', { name: 'Used by a booking' })).toHaveAttribute(
    'href',
    new URL(appointmentUrl).pathname,
  );
  await expectAccessibleEverywhere(page, 'client pack history', { each: shoot(page, 'client-pack-history') });
});
