import type { Page } from '@playwright/test';
import { expectAccessibleEverywhere } from './axe';
import { longDate } from './dates';
import { type Api, expect, test } from './fixtures';
import { latestMail } from './mailbox';
import { shooter } from './shots';

// A visitor whose browser speaks Spanish, as most of a Spanish business's customers: the booking
// pages speak it too, from the first screen to the confirmation email, and the visitor may switch.
test.use({ locale: 'es-ES', timezoneId: 'Europe/Madrid' });

type Schedule = {
  employee: { username: string; name: string };
  slots: { date: string; times: string[] }[];
};

const HUMAN = { delay: 30 };
const EVERY_DAY = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    [['09:00', '20:00']],
  ]),
);

let counter = 0;

/** A bookable professional of this test alone. */
async function aProfessional(api: Api) {
  const unique = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  const username = `reserva-${unique}`;
  await api.post('/employees', {
    name: `Lucía Reserva ${unique}`,
    email: `${username}@example.com`,
    username,
    password: 'booking-secret-1',
    title: 'Fisioterapeuta',
    locations: ['Valencia'],
    availability: EVERY_DAY,
  });
  return api.get<Schedule>(`/schedule/${username}`);
}

async function openDay(page: Page, date: string) {
  const day = page.getByRole('button', { name: longDate(date, 'es-ES'), exact: true });
  await expect(page.getByRole('button', { name: 'Mes siguiente' })).toBeVisible();
  if (!(await day.isVisible())) await page.getByRole('button', { name: 'Mes siguiente' }).click();
  await day.click();
}

async function typeInto(page: Page, label: string, text: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.click();
  await box.pressSequentially(text, HUMAN);
}

test('a visitor whose browser speaks Spanish books and pays in Spanish, gets the email in Spanish, and may switch to English', async ({
  page,
  api,
}, testInfo) => {
  const schedule = await aProfessional(api);
  // Two days ahead at least, so the free-cancellation window (24 hours) is still open at any hour.
  const day = schedule.slots.slice(2).find((d) => d.times.includes('17:30'));
  if (!day) throw new Error('no day with 17:30 open');
  const email = `maria.${Date.now().toString(36)}@example.com`;

  await page.goto(`/schedule/${schedule.employee.username}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Reserva una cita con ${schedule.employee.name}` }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle(`Reserva una cita con ${schedule.employee.name}`);
  await expect(page.getByText('Horas en Europe/Madrid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Elige la hora que te venga bien')).toBeVisible();

  await openDay(page, day.date);
  await page.getByRole('group', { name: 'Horas libres' }).getByRole('button', { name: '17:30' }).click();
  await expect(page.getByRole('heading', { name: 'Completa tu reserva' })).toBeVisible();
  await expect(page.getByTestId('chosen-slot')).toHaveText(`${longDate(day.date, 'es-ES')} a las 17:30`);
  await expect(page.getByTestId('booking-policy')).toHaveText(/^Cancelación gratuita hasta el /);

  // The form's checks speak Spanish too.
  await page.getByRole('button', { name: 'Ir al pago' }).click();
  await expect(page.getByText('Escribe tu nombre')).toBeVisible();
  await typeInto(page, 'Nombre y apellidos', 'María Núñez');
  await typeInto(page, 'Email', email);
  await typeInto(page, 'Teléfono', '+34 611 222 333');
  const shoot = shooter(testInfo.outputPath());
  await expectAccessibleEverywhere(page, 'the booking form in Spanish', {
    each: shoot(page, 'booking-form-es'),
  });
  await page.getByRole('button', { name: 'Ir al pago' }).click();

  const summary = page.getByRole('region', { name: 'Resumen de la cita' });
  await expect(summary).toContainText('María Núñez');
  await expect(summary).toContainText('17:30 - 18:00 (Europe/Madrid)');
  await expect(summary).toContainText('Importe de la cita: 10,00 €');
  await typeInto(page, 'Número de tarjeta', '4242 4242 4242 4242');
  await typeInto(page, 'Caducidad', '12 / 34');
  await typeInto(page, 'CVC', '123');
  await expectAccessibleEverywhere(page, 'the payment step in Spanish', { each: shoot(page, 'payment-es') });
  await page.getByRole('button', { name: 'Pagar 10€ y reservar la cita' }).click();

  await expect(page.getByText('¡Reserva hecha!')).toBeVisible();
  await expect(
    page.getByText('Tu cita está reservada. En unos minutos recibirás un email de confirmación.'),
  ).toBeVisible();
  const mail = await latestMail(api, email, /^Tu cita con /);
  expect(mail.subject).toContain(`Tu cita con ${schedule.employee.name}`);
  expect(mail.text).toContain('Pagado: 10,00');

  // The visitor switches: the page, and the next one they open, are in English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByText('Booking Successful!')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/book');
  await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reserva una cita' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Elige un servicio' })).toBeVisible();
  await expectAccessibleEverywhere(page, "the business's booking page in Spanish", {
    each: shoot(page, 'book-es'),
  });
});
