import { APPOINTMENT_MESSAGES } from '@chatdesk/contract/appointments';
import { DESKTOP, expectAccessibleEverywhere } from './axe';
import { longDate, timeLabel } from './dates';
import { type Api, expect, test } from './fixtures';
import { shooter } from './shots';
import { createEmployee, uniquePhone, uniqueSuffix } from './staff-data';
import {
  cancelOnEmailLink,
  expectBookedFromOffer,
  expectOneTakenTime,
  joinWaitlist,
  openOffer,
  servicesArchivedAfterEach,
} from './waitlist-steps';

/**
 * The waitlist of a time taken with 'anyone available' (#27 item 3, decision 026's addendum): both
 * professionals of a service have 10:00 booked, a customer on the business's booking page sees it
 * taken and joins its line with anyone, one of the two bookings is cancelled on its link, the time
 * is held for her with that professional and emailed to her, she takes it, and that professional's
 * appointment page shows her booked from the waitlist. And staff cannot delete a booking whose time
 * someone waits for with anyone: the appointment page says why in the toast.
 */

type Service = { id: string; name: string };
type AnyoneSlots = { slots: { date: string; times: string[] }[] };

const shoot = shooter('/tmp/pw-waitlist-anyone');
const shots = { shoot, kind: 'anyone ' };

test.use({ timezoneId: 'Europe/Madrid' });
test.describe.configure({ timeout: 300_000 });

const services = servicesArchivedAfterEach();

/**
 * A free one-to-one service two new trainers offer, and a day two or more days ahead (the
 * cancellation policy's usual terms) with 10:00 and 11:00 open with both; `clients` booked at 10:00,
 * each with one of them in turn, at the desk (emailed their private links). Answers the bookings by
 * the client's email.
 */
async function bothBookedAtTen(api: Api, clients: string[]) {
  const suffix = uniqueSuffix();
  const ana = await createEmployee(api, { name: `Ana Trainer ${suffix}` });
  const bea = await createEmployee(api, { name: `Bea Trainer ${suffix}` });
  const service = await api.post<Service>('/services', {
    name: `Team training ${suffix}`,
    description: 'One hour, one to one, with whoever is free',
    durationMinutes: 60,
    priceAmount: 0,
    currency: 'eur',
    employeeIds: [ana.id, bea.id],
  });
  services.push(service.id);
  // A day two or more days ahead (the cancellation policy's usual terms) with 10:00 and 11:00 open.
  const { slots } = await api.get<AnyoneSlots>(`/book/services/${service.id}/slots`);
  const earliest = new Date(Date.now() + 48 * 3_600_000).toISOString().slice(0, 10);
  const day = slots.find(
    (d) => d.date >= earliest && d.times.includes('10:00') && d.times.includes('11:00'),
  )?.date;
  if (!day) throw new Error('no day with 10:00 and 11:00 open');

  const booked: Record<string, { id: string }> = {};
  for (const [i, who] of clients.entries()) {
    const email = `${who.split(' ')[0]}.${suffix}@example.com`.toLowerCase();
    const client = await api.post<{ id: string }>('/clients', { name: who, email, phone: uniquePhone() });
    booked[email] = await api.post<{ id: string }>('/appointments', {
      clientId: client.id,
      employeeId: [ana, bea][i % 2]!.id,
      serviceId: service.id,
      date: day,
      timeSlot: '10:00',
    });
  }
  return { suffix, ana, bea, service, day, booked };
}

test("a time both professionals have booked: a customer joins its line with 'anyone available', one cancels, she takes that one's time", async ({
  page,
  api,
  login,
}) => {
  // Marta has 10:00 with Ana, Nora 10:00 with Bea.
  const { suffix, bea, service, day, booked } = await bothBookedAtTen(api, ['Marta Gil', 'Nora Vidal']);
  const nora = `nora.${suffix}@example.com`.toLowerCase();

  // On the business's booking page, 10:00 is open with nobody: it is listed as taken, with its waitlist.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/book?service=${service.id}`);
  await expect(page.getByRole('heading', { name: service.name })).toBeVisible();
  await expectOneTakenTime(
    page,
    day,
    { open: '11:00', taken: '10:00' },
    { name: "'anyone available' with a time taken with everyone", shot: 'taken-with-everyone', shoot },
  );

  // Elena joins, typing as people type.
  const elena = { name: 'Elena Ruiz', email: `elena.${suffix}@example.com`.toLowerCase() };
  await joinWaitlist(page, `${longDate(day)}, ${timeLabel('10:00')}`, elena, shots);

  // Nora cancels on the link in her confirmation email: Bea's 10:00 is held for Elena.
  await cancelOnEmailLink(page, api, nora);
  await openOffer(page, api, elena.email, shots);
  await expect(page.getByRole('main')).toContainText(`with ${bea.name}`);
  await page.getByRole('button', { name: 'Take the place' }).click();
  await expectBookedFromOffer(page, api, elena.email, shots);

  // Staff: Nora's cancelled appointment's page shows the time's waitlist, Elena booked with Bea.
  await login();
  await page.goto(`/appointments/${booked[nora]!.id}`);
  const line = page.getByRole('region', { name: 'Waitlist' });
  await expect(line.getByRole('row').filter({ hasText: elena.name })).toContainText('Booked');
  await expectAccessibleEverywhere(page, "appointment with its waitlist joined with 'anyone available'", {
    each: shoot(page, 'appointment-waitlist'),
  });
});

test("staff deleting a booking whose time someone waits for with 'anyone available' are told to cancel it instead", async ({
  page,
  api,
  login,
}) => {
  const { suffix, service, day, booked } = await bothBookedAtTen(api, ['Olga Paz', 'Pilar Sanz']);
  const olga = `olga.${suffix}@example.com`.toLowerCase();
  // Rosa joined 10:00's line with anyone on the booking page (its API, as the page calls it).
  await api.post('/book/waitlist', {
    serviceId: service.id,
    date: day,
    timeSlot: '10:00',
    name: 'Rosa Luna',
    email: `rosa.${suffix}@example.com`.toLowerCase(),
  });

  await login();
  await page.setViewportSize(DESKTOP);
  await page.goto(`/appointments/${booked[olga]!.id}`);
  const line = page.getByRole('region', { name: 'Waitlist' });
  await expect(line.getByRole('row').filter({ hasText: 'Rosa Luna' })).toContainText('Waiting');
  await page.getByRole('button', { name: 'Delete Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Appointment' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  const toast = page
    .locator('.mantine-Notification-root')
    .filter({ hasText: APPOINTMENT_MESSAGES.waitedForNotDeleted });
  await expect(toast).toBeVisible();
  await expectAccessibleEverywhere(page, 'delete refused: someone waits with anyone', {
    each: shoot(page, 'delete-refused'),
  });
  // The dialog closes on the refusal; the booking is still there, still scheduled.
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.locator('[data-status]')).toHaveText('Scheduled');
});
