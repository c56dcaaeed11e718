// Issue #26: a web chat visitor proves a phone number with a code sent by WhatsApp. The e2e
// servers have no WhatsApp keys: the local stand-in "sends" the code and the local mailbox shows it.
import type { Page } from '@playwright/test';
import { E2E_WORKERS, serverUrl } from '../playwright.config';
import { expectNoSeriousViolations } from './axe';
import { type Api, apiAs, apiLogin, expect, test } from './fixtures';
import { screenshot } from './shots';
import { type Appointment, bookAppointment, createEmployee, uniquePhone } from './staff-data';

type WebChatSettings = {
  enabled: boolean;
  publicKey: string;
  allowedOrigins: string[];
  greeting: string;
  color: string;
  position: 'right' | 'left';
  privacyNote: string;
};

const HUMAN = { delay: 30 };

test.use({ locale: 'es-ES' });
test.describe.configure({ mode: 'serial' });

let app: string;
let api: Api;
let settings: WebChatSettings;
let before: WebChatSettings;

test.beforeAll(async ({ playwright }, testInfo) => {
  app = serverUrl(testInfo.parallelIndex % E2E_WORKERS);
  const request = await playwright.request.newContext({ baseURL: app });
  api = apiAs(request, await apiLogin(request));
  before = await api.get<WebChatSettings>('/web-chat/settings');
  settings = await api.put<WebChatSettings>('/web-chat/settings', {
    ...before,
    publicKey: undefined,
    enabled: true,
  });
});

test.afterAll(async () => {
  const { publicKey: _, ...previous } = before;
  await api.put('/web-chat/settings', previous);
});

/** The panel as its own page (the embed is web-chat.spec's): a visitor of its own per browser context. */
async function openPanel(page: Page) {
  await page.goto(`${app}/web-chat/panel?key=${settings.publicKey}`);
  await expect(page.getByRole('textbox', { name: 'Escribe tu mensaje' })).toBeVisible();
}

async function say(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await box.pressSequentially(text, HUMAN);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

const lastAnswer = (page: Page) =>
  page
    .getByRole('list', { name: 'Conversación' })
    .getByRole('listitem')
    .filter({ hasText: 'Asistente' })
    .last();

/** Opens the verification, chooses WhatsApp and asks for a code to `phone`; answers the code box. */
async function askCodeByWhatsApp(page: Page, phone: string) {
  await page.getByRole('button', { name: 'Verificar tu email o WhatsApp' }).click();
  await page.getByRole('radio', { name: 'WhatsApp' }).check();
  const number = page.getByRole('textbox', { name: 'Número de WhatsApp, con prefijo (+34…)' });
  await number.pressSequentially(phone, HUMAN);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  const codeBox = page.getByRole('textbox', { name: 'Código de 6 cifras' });
  await expect(codeBox).toBeFocused();
  await expect(page.getByText(`Te hemos enviado un código por WhatsApp al ${phone}`)).toBeVisible();
  return codeBox;
}

/** The last code the local WhatsApp stand-in "sent" to the number. */
async function whatsappCode(phone: string): Promise<string> {
  const digits = phone.replace(/\D/g, '');
  let code = '';
  await expect
    .poll(async () => {
      const response = await api.raw.get(`/api/mail/local/whatsapp-code?to=${digits}`);
      code = response.ok() ? (await response.json()).code : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

test('a visitor who proves their number by WhatsApp cancels their own appointment; one who only types it cannot', async ({
  browser,
}) => {
  const employee = await createEmployee(api);
  const phone = uniquePhone();
  const appointment = await bookAppointment(api, employee, { phone });
  const status = async () => (await api.get<Appointment>(`/appointments/${appointment.id}`)).status;

  // Someone who types the client's number but not its code.
  const strangerContext = await browser.newContext({ locale: 'es-ES' });
  const stranger = await strangerContext.newPage();
  await openPanel(stranger);
  await say(stranger, `Hola, mi número es ${phone}`);
  await expect(lastAnswer(stranger)).toBeVisible();
  const guessBox = await askCodeByWhatsApp(stranger, phone);
  const real = await whatsappCode(phone);
  await guessBox.pressSequentially(real === '000000' ? '111111' : '000000', HUMAN);
  await guessBox.press('Enter');
  await expect(
    stranger.getByRole('alert').filter({ hasText: 'Ese código no es correcto. Revisa WhatsApp' }),
  ).toBeVisible();
  await expectNoSeriousViolations(stranger, 'the WhatsApp code refused');
  await say(stranger, 'Quiero cancelar mi cita');
  await expect(lastAnswer(stranger)).not.toContainText(appointment.startTime);
  await say(stranger, 'Sí');
  expect(await status()).toBe('scheduled');
  await strangerContext.close();

  // The client proves the number with the code WhatsApp brings them.
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  await openPanel(page);
  await say(page, 'Hola');
  await expect(lastAnswer(page)).toBeVisible();
  const codeBox = await askCodeByWhatsApp(page, phone);
  await expectNoSeriousViolations(page, 'the WhatsApp code asked for');
  await screenshot(page, test.info().outputPath('phone-code-1280.png'));
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, test.info().outputPath('phone-code-390.png'));
  await codeBox.pressSequentially(await whatsappCode(phone), HUMAN);
  await codeBox.press('Enter');
  const digits = phone.replace(/\D/g, '');
  await expect(page.getByRole('contentinfo').getByText(`Número verificado: +${digits}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Escribe tu mensaje' })).toBeFocused();
  await expectNoSeriousViolations(page, 'the number verified');

  await say(page, 'Quiero cancelar mi cita');
  await expect(lastAnswer(page)).toContainText(appointment.startTime);
  await say(page, 'Sí');
  await expect.poll(status).toBe('cancelled');
  await screenshot(page, test.info().outputPath('phone-verified-390.png'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, test.info().outputPath('phone-verified-1280.png'));
  await context.close();
});

test('the WhatsApp choice passes axe, light and dark, and a bad number is said so', async ({ page }) => {
  await openPanel(page);
  await page.getByRole('button', { name: 'Verificar tu email o WhatsApp' }).click();
  await page.getByRole('radio', { name: 'WhatsApp' }).check();
  const number = page.getByRole('textbox', { name: 'Número de WhatsApp, con prefijo (+34…)' });
  await number.pressSequentially('600 000 000', HUMAN);
  await number.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Escribe tu número de teléfono con su prefijo' }),
  ).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousViolations(page, `the WhatsApp choice (${scheme})`);
  }
});
