import { DESKTOP, expectAccessibleEverywhere } from './axe';
import { longDate, timeLabel } from './dates';
import { expect, test } from './fixtures';
import { shooter } from './shots';
import { createEmployee, uniquePhone, uniqueSuffix } from './staff-data';
import {
  cancelOnEmailLink,
  dayWithOpen,
  expectBookedFromOffer,
  HUMAN,
  joinWaitlist,
  openOffer,
  servicesArchivedAfterEach,
} from './waitlist-steps';

/**
 * The waitlist of a full class (#27 item 3): a 2-seat class is full, a third customer joins its
 * waitlist on the booking page, a seat-holder cancels on their own link, the freed place is held
 * for the third and emailed to her, she takes it within the hold (paying), and the roster shows her
 * booked with the waitlist saying so.
 */

type Service = { id: string; name: string };
type Appointment = { id: string; client: { name: string }; employee: { id: string }; status: string };

const shoot = shooter('/tmp/pw-waitlist');
const shots = { shoot, kind: '' };

test.use({ timezoneId: 'Europe/Madrid' });
test.describe.configure({ timeout: 300_000 });

const services = servicesArchivedAfterEach();

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
  const day = await dayWithOpen(api, trainer.username, service.id, ['10:00']);

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
  await expectAccessibleEverywhere(page, 'booking page with a full class', {
    each: shoot(page, 'full-class'),
  });

  // The third customer joins, typing as people type.
  const third = { name: 'Elena Ruiz', email: `elena.${suffix}@example.com`.toLowerCase() };
  await joinWaitlist(page, `${longDate(day)}, ${timeLabel('10:00')}`, third, shots);

  // Marta cancels her seat on the link in her confirmation email.
  await cancelOnEmailLink(page, api, holders[0]!.email);

  // The place is held for Elena: her email's link opens it, and she pays for it.
  await openOffer(page, api, third.email, shots);
  await page.getByRole('button', { name: /^Pay .* and take the place$/ }).click();
  await page.getByLabel('Card number').pressSequentially('4242424242424242', HUMAN);
  await page.getByLabel('Expiry date').pressSequentially('1234', HUMAN);
  await page.getByLabel('CVC').pressSequentially('123', HUMAN);
  await expectAccessibleEverywhere(page, 'waitlist offer card', { each: shoot(page, 'offer-card') });
  await page.getByRole('button', { name: /^Pay .* and take the place$/ }).click();
  await expectBookedFromOffer(page, api, third.email, shots);

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
