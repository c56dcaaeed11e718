import { DESKTOP, expectAccessibleEverywhere } from './axe';
import { longDate, timeLabel } from './dates';
import { expect, test } from './fixtures';
import { shooter } from './shots';
import { createEmployee, uniquePhone, uniqueSuffix } from './staff-data';
import {
  cancelOnEmailLink,
  dayWithOpen,
  expectBookedFromOffer,
  expectOneTakenTime,
  joinWaitlist,
  openOffer,
  type Schedule,
  servicesArchivedAfterEach,
} from './waitlist-steps';

/**
 * The waitlist of a taken one-to-one time (#27 item 3, decision 026's addendum): a trainer's 10:00
 * is booked, a second customer sees it taken on the booking page and joins its waitlist, the first
 * cancels on their own link, the time is held for the second and emailed to her, she takes it, and
 * the appointment's page shows her booked with the waitlist saying so.
 */

type Service = { id: string; name: string };

const shoot = shooter('/tmp/pw-waitlist-one');
const shots = { shoot, kind: 'one-to-one ' };

test.use({ timezoneId: 'Europe/Madrid' });
test.describe.configure({ timeout: 300_000 });

const services = servicesArchivedAfterEach();

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
  const day = await dayWithOpen(api, trainer.username, service.id, ['10:00', '11:00']);

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
  await expectOneTakenTime(
    page,
    day,
    { open: '11:00', taken: '10:00' },
    { name: 'booking page with a taken time', shot: 'taken-time', shoot },
  );

  // Elena joins, typing as people type.
  const elena = { name: 'Elena Ruiz', email: `elena.${suffix}@example.com`.toLowerCase() };
  await joinWaitlist(page, `${longDate(day)}, ${timeLabel('10:00')}`, elena, shots);

  // Marta cancels on the link in her confirmation email.
  await cancelOnEmailLink(page, api, marta.email);

  // The time is held for Elena: not open to anyone else, and her email's link takes it.
  const schedule = await api.get<Schedule>(`/schedule/${trainer.username}?service=${service.id}`);
  expect(schedule.slots.find((d) => d.date === day)?.times ?? []).not.toContain('10:00');
  await openOffer(page, api, elena.email, shots);
  await page.getByRole('button', { name: 'Take the place' }).click();
  await expectBookedFromOffer(page, api, elena.email, shots);

  // Staff: Marta's cancelled appointment's page shows the time's waitlist, Elena booked.
  await login();
  await page.goto(`/appointments/${booked.id}`);
  const line = page.getByRole('region', { name: 'Waitlist' });
  await expect(line.getByRole('row').filter({ hasText: elena.name })).toContainText('Booked');
  await expectAccessibleEverywhere(page, 'appointment with its waitlist', {
    each: shoot(page, 'appointment-waitlist'),
  });
});
