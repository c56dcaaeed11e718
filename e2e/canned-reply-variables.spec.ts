import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { type Chat, createHumanChat, newSessionId } from './chat-data';
import { createClient } from './client-data';
import { type Api, expect, test } from './fixtures';
import { screenshot } from './shots';
import { type Appointment, bookAppointment, createEmployee, uniqueSuffix } from './staff-data';

/** Canned replies with variables (#21): written in Settings, filled for the customer as they are inserted. */

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Canned replies' });
const HUMAN = { delay: 30 };

/** "martes 1 de diciembre a las 10:00": how the business (Spanish, Madrid) writes an appointment's day and time. */
function spanishWhen(appointment: Appointment) {
  const day = new Intl.DateTimeFormat('es-ES', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })
    .format(new Date(`${appointment.date}T00:00:00Z`))
    .replace(',', '');
  const time = appointment.startTime.replace(/^0/, '');
  return `${day} ${time.startsWith('1:') ? 'a la' : 'a las'} ${time}`;
}

/** A chat in the simulator playing `clientId`, taken over by staff so they can write in it. */
async function chatPlaying(api: Api, clientId: string): Promise<Chat> {
  const response = await api.raw.post('/api/chats/simulator', {
    data: { text: 'Hola, ¿cuándo era mi cita?', sessionId: newSessionId(), clientId },
    headers: api.headers,
  });
  expect(response.status(), await response.text()).toBe(200);
  const { chatId } = (await response.json()) as { chatId: string };
  return api.put<Chat>(`/chats/${chatId}/toggle-ai`);
}

/** Picks the reply named `name` from the list typing `/name` opens, with the keyboard. */
async function insertReply(page: Page, name: string) {
  await composer(page).pressSequentially(`/${name}`, HUMAN);
  const option = suggestions(page).getByRole('option', { name: new RegExp(`^/${name}\\b`) });
  await expect(option).toBeVisible();
  const options = suggestions(page).getByRole('option');
  const count = await options.count();
  for (let step = 0; step < count && (await option.getAttribute('aria-selected')) !== 'true'; step++) {
    await composer(page).press('ArrowDown');
  }
  await composer(page).press('Enter');
}

test.beforeEach(async ({ login }) => {
  await login();
});

test("a reply written with the variable buttons reads the client's first name, next appointment, professional and booking page", async ({
  page,
  api,
}) => {
  const company = await api.get<{ language: string; timeZone: string }>('/company');
  expect(company, 'the demo business speaks Spanish, in Madrid').toMatchObject({
    language: 'es',
    timeZone: 'Europe/Madrid',
  });
  const word = uniqueSuffix();
  const trainer = await createEmployee(api, { name: `Irene Vidal ${word}` });
  const phone = `+34 655 ${String(Math.floor(100_000 + Math.random() * 899_999))}`;
  const client = await createClient(api, { name: `Nerea Olmos ${word}`, phone });
  const appointment = await bookAppointment(api, trainer, { clientName: client.name, phone });
  const chat = await chatPlaying(api, client.id);
  const shortcut = `cita${word}`;

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Canned Replies' }).click();
  await page.getByRole('button', { name: 'Add canned reply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add canned reply' });
  const variables = dialog.getByRole('group', { name: 'Variables' });
  for (const text of [
    "{first_name}The customer's first name",
    '{next_appointment}Day and time of their next appointment',
  ]) {
    await expect(variables).toContainText(text);
  }
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).pressSequentially(shortcut, HUMAN);
  const reply = dialog.getByRole('textbox', { name: 'Reply', exact: true });
  const chip = (name: string) => variables.getByRole('button', { name: new RegExp(`^Insert \\{${name}\\}`) });
  await reply.click();
  await reply.pressSequentially('Hola ', HUMAN);
  await chip('first_name').click();
  await reply.pressSequentially(', te esperamos el ', HUMAN);
  await chip('next_appointment').click();
  await reply.pressSequentially(' con ', HUMAN);
  await chip('professional').click();
  await reply.pressSequentially('. Para cambiarla: ', HUMAN);
  await chip('booking_link').click();
  const written =
    'Hola {first_name}, te esperamos el {next_appointment} con {professional}. Para cambiarla: {booking_link}';
  await expect(reply).toHaveValue(written);
  await expect(reply).toBeFocused();
  await expectNoSeriousViolations(page, 'the canned reply dialog with its variables', {
    include: '[role="dialog"]',
  });
  await screenshot(page, '/tmp/pw-canned-dialog.png');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: `/${shortcut}` })).toContainText(written);

  await page.goto(`/chat/${chat.id}`);
  await composer(page).click();
  await insertReply(page, shortcut);
  const bookingLink = new URL(`/schedule/${trainer.username}`, page.url()).toString();
  await expect(composer(page)).toHaveValue(
    `Hola Nerea, te esperamos el ${spanishWhen(appointment)} con ${trainer.name}. Para cambiarla: ${bookingLink}`,
  );
  await expect(page.getByRole('status').filter({ hasText: 'Nothing to fill' })).toHaveCount(0);
  await screenshot(page, '/tmp/pw-canned-chat.png');
});

test("a stranger's chat leaves what it cannot fill as typed, says so until it is changed, and the demo's replies are Spanish", async ({
  page,
  api,
}) => {
  const { chat } = await createHumanChat(api);
  await page.goto(`/chat/${chat.id}`);
  await composer(page).click();
  await composer(page).pressSequentially('/', HUMAN);
  for (const name of ['cita', 'gracias', 'horario', 'precio', 'reservar']) {
    await expect(suggestions(page).getByRole('option', { name: new RegExp(`^/${name}\\b`) })).toBeVisible();
  }
  await expectNoSeriousViolations(page, 'the Spanish canned replies', { include: '[role="listbox"]' });
  await composer(page).press('Backspace');

  await insertReply(page, 'reservar');
  await expect(composer(page)).toHaveValue(
    'Puedes reservar con {professional} aquí: {booking_link}\nVerás sus huecos libres y la cita se paga al reservar.',
  );
  const note = page
    .getByRole('status')
    .filter({ hasText: 'Nothing to fill {professional} and {booking_link} with for this customer' });
  await expect(note).toContainText('change them before sending.');
  await expectNoSeriousViolations(page, 'the composer with unfilled variables', {
    include: '[role="status"]',
  });
  await screenshot(page, '/tmp/pw-canned-unfilled.png');

  // Staff write the professional's name over one variable: the note names only the other.
  await composer(page).press('ControlOrMeta+a');
  await composer(page).press('Backspace');
  await composer(page).pressSequentially('Puedes reservar con Carlos aquí: {booking_link}', HUMAN);
  await expect(
    page.getByRole('status').filter({ hasText: 'Nothing to fill {booking_link} with for this customer' }),
  ).toContainText('change it before sending.');
  await composer(page).press('ControlOrMeta+a');
  await composer(page).pressSequentially('Puedes reservar en nuestra web.', HUMAN);
  await expect(page.getByRole('status').filter({ hasText: 'Nothing to fill' })).toHaveCount(0);
});
