import { DESKTOP, expectAccessibleEverywhere } from './axe';
import { createClient } from './client-data';
import { type Api, expect, test } from './fixtures';
import { shooter } from './shots';
import { createEmployee, setAppointmentStatus, uniqueSuffix } from './staff-data';

/** Refunding a client's pack: what is left ends, the money goes back, the history says so. */

type Service = { id: string; name: string };
type Schedule = { slots: { date: string; times: string[] }[] };

const shoot = shooter('/tmp/pw-pack-refund');
const HUMAN = { delay: 30 };

test.use({ timezoneId: 'Europe/Madrid' });
test.describe.configure({ timeout: 240_000 });

const services: string[] = [];
const packs: string[] = [];
test.afterEach(async ({ api }) => {
  for (const id of packs.splice(0)) await api.post(`/packs/${id}/archive`);
  for (const id of services.splice(0)) await api.post(`/services/${id}/archive`);
});

/** Two open times at least two days ahead, on one day. */
async function dayWellAhead(api: Api, username: string, serviceId: string) {
  const schedule = await api.get<Schedule>(`/schedule/${username}?service=${encodeURIComponent(serviceId)}`);
  const day = schedule.slots
    .slice(2)
    .find((candidate) => candidate.times.includes('10:00') && candidate.times.includes('12:00'));
  if (!day) throw new Error('no day with 10:00 and 12:00 open');
  return day.date;
}

test('staff refund what is left of a pack: refused while a session is booked, then the rest goes back', async ({
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
  const packName = `Ten sessions ${suffix}`;
  const pack = await api.post<{ id: string }>('/packs', {
    serviceId: service.id,
    name: packName,
    sessions: 10,
    priceAmount: 35000,
    validityDays: 90,
  });
  packs.push(pack.id);
  const client = await createClient(api, { name: `Refund Client ${suffix}` });
  await api.post(`/clients/${client.id}/packs`, { packId: pack.id, method: 'cash' });
  // One session used (attended), one booked for later.
  const day = await dayWellAhead(api, trainer.username, service.id);
  const book = (timeSlot: string) =>
    api.post<{ id: string }>('/appointments', {
      clientId: client.id,
      employeeId: trainer.id,
      serviceId: service.id,
      date: day,
      timeSlot,
      payment: 'pack',
    });
  const attended = await book('10:00');
  await setAppointmentStatus(api, attended.id, 'completed');
  const later = await book('12:00');

  await login();
  await page.setViewportSize(DESKTOP);
  await page.goto(`/clients/${client.id}`);
  const balance = page.getByRole('region', { name: 'Packs' }).getByRole('article', { name: packName });
  await expect(balance.getByTestId('pack-balance')).toHaveText('8 of 10 sessions left');

  // Refused while a session is booked: the dialog says which appointment to cancel or move.
  await balance.getByRole('button', { name: `Refund ${packName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${packName}` });
  await expect(dialog.getByRole('textbox', { name: 'Amount to refund' })).toHaveValue('280');
  await dialog.getByRole('button', { name: 'Refund €280.00' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Cancel or move the appointment booked with this pack first:',
  );
  await expect(dialog.getByRole('alert')).toContainText('12:00');
  await expectAccessibleEverywhere(page, 'refund refused', {
    shows: dialog,
    each: shoot(page, 'refund-refused'),
  });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Cancelled in time, its session comes back; now 9 are left to refund.
  await setAppointmentStatus(api, later.id, 'cancelled');
  await page.reload();
  await expect(balance.getByTestId('pack-balance')).toHaveText('9 of 10 sessions left');
  await balance.getByRole('button', { name: `Refund ${packName}` }).click();
  await expect(dialog.getByText('9 of 10 sessions left · paid €350.00 (cash)')).toBeVisible();
  const amount = dialog.getByRole('textbox', { name: 'Amount to refund' });
  // Pro rata of 9 of 10 sessions of €350.00.
  await expect(amount).toHaveValue('315');
  await expect(dialog.getByRole('button', { name: 'Refund €315.00' })).toBeVisible();
  // More than the price is refused in the dialog.
  await amount.click();
  await amount.press('ControlOrMeta+a');
  await amount.press('Backspace');
  await amount.pressSequentially('400', HUMAN);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByText("The refund cannot be more than the pack's price")).toBeVisible();
  await amount.press('ControlOrMeta+a');
  await amount.press('Backspace');
  await amount.pressSequentially('300', HUMAN);
  await dialog.getByRole('textbox', { name: 'Reason' }).pressSequentially('Moving to Bilbao', HUMAN);
  await expectAccessibleEverywhere(page, 'refund pack dialog', {
    shows: dialog,
    each: shoot(page, 'refund-dialog'),
  });
  await dialog.getByRole('button', { name: 'Refund €300.00' }).click();
  await expect(dialog).toBeHidden();

  // Refunded: nothing left, and the history has the row with the money, who and why.
  await expect(balance.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(balance.getByTestId('pack-balance')).toHaveText('0 of 10 sessions left');
  await expect(balance.getByRole('button', { name: `Refund ${packName}` })).toHaveCount(0);
  await balance.getByRole('button', { name: `Show history of ${packName}` }).click();
  const history = balance.getByRole('table', { name: `History of ${packName}` });
  const rows = history.getByRole('row');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(1)).toContainText('Sold+10');
  await expect(rows.nth(2)).toContainText('Used by a booking-1');
  await expect(rows.nth(3)).toContainText('Used by a booking-1');
  await expect(rows.nth(4)).toContainText('Given back by a cancellation+1');
  await expect(rows.nth(5)).toContainText('Refunded');
  await expect(rows.nth(5)).toContainText('€300.00 back, by ');
  await expect(rows.nth(5)).toContainText(': Moving to Bilbao');
  await expect(rows.nth(5)).toContainText('-9');
  await expectAccessibleEverywhere(page, 'client page after a pack refund', {
    each: shoot(page, 'refunded-pack', page.getByRole('region', { name: 'Packs' })),
  });
});
