import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from '@playwright/test';
import { E2E_WORKERS, serverUrl } from '../playwright.config';
import { expectNoSeriousViolations } from './axe';
import { type Api, apiAs, apiLogin, expect, test, useToken } from './fixtures';
import { type Appointment, bookAppointment, createEmployee, uniquePhone } from './staff-data';

// The web chat as a visitor meets it (issue #26): a business's website on another origin includes
// the one-line snippet; the launcher and the panel come from the app's origin.

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
const GREETING = '¡Hola! Soy el asistente de Entrena Studio. ¿En qué te ayudamos?';
const PRIVACY = 'Guardamos esta conversación para atenderte. Puedes descargarla o borrarla cuando quieras.';
const COLOR = '#7048e8';
// What a careless website's stylesheet does to everything it can reach.
const AGGRESSIVE_CSS = '* { font: 40px serif !important; color: red !important } button { display: none }';

test.use({ locale: 'es-ES' });
test.describe.configure({ mode: 'serial' });

let app: string;
let api: Api;
let token: string;
let settings: WebChatSettings;
let before: WebChatSettings;
let host: http.Server;
/** The business's website: allowed. */
let shop: string;
/** The same website under another name: not in the list. */
let stranger: string;

function hostPage(options: { css?: string; scheme?: 'light' | 'dark' } = {}): string {
  const dark = options.scheme === 'dark';
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Entrena Studio · Madrid</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; font: 18px/1.5 Georgia, serif; background: ${dark ? '#101214' : '#fbfaf7'}; color: ${dark ? '#e8e6e3' : '#202124'} }
  header { padding: 20px 48px; border-bottom: 1px solid ${dark ? '#2a2d31' : '#e5e1d8'}; font-weight: bold }
  main { padding: 48px; max-width: 720px }
  h1 { font-size: 44px; margin: 0 0 16px }
  ${options.css ?? ''}
</style></head>
<body><header>Entrena Studio</header>
<main><h1>Entrenamiento personal en Madrid</h1>
<p>Sesiones individuales, nutrición y fisioterapia. Escríbenos y te ayudamos a elegir.</p>
<p><a href="#precios">Ver precios</a> <button type="button">Reservar</button></p></main>
<script src="${app}/web-chat.js" data-key="${settings.publicKey}" async></script>
</body></html>`;
}

/** The panel's frame: it lives in the launcher's closed shadow root, so it is found by its address. */
async function panelOf(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((frame) => frame.url().includes('/web-chat/panel'))).toBe(true);
  return page.frames().find((frame) => frame.url().includes('/web-chat/panel'))!;
}

/** Which element has focus on the host page: the launcher's is its shadow host, chatdesk-web-chat. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.localName ?? null);

/** The accessible names of the host page's buttons, from the browser's own accessibility tree (which sees into closed shadow roots). */
async function buttonNames(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: Array<{ role?: { value?: string }; name?: { value?: string }; ignored?: boolean }>;
  };
  await cdp.detach();
  return nodes
    .filter((node) => !node.ignored && node.role?.value === 'button')
    .map((node) => node.name?.value ?? '');
}

/** Opens a page of the business's website and waits for the launcher. */
async function visit(page: Page, url = `${shop}/`): Promise<void> {
  await page.goto(url);
  await expect.poll(() => buttonNames(page)).toContain('Chat con Entrena Studio');
}

/** Opens the chat from the keyboard, as a visitor who does not use a mouse, and waits for the panel. */
async function openChat(page: Page): Promise<Frame> {
  // The page's own link comes first, then the launcher (the page's button is hidden by its CSS or not).
  for (let presses = 0; presses < 4 && (await focused(page)) !== 'chatdesk-web-chat'; presses++)
    await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('chatdesk-web-chat');
  await page.keyboard.press('Enter');
  const panel = await panelOf(page);
  await expect(panel.getByRole('textbox', { name: 'Escribe tu mensaje' })).toBeFocused();
  return panel;
}

/** A visitor of their own: another browser profile, so another session. */
async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  await visit(page);
  return page;
}

async function say(panel: Frame, text: string) {
  const box = panel.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await box.pressSequentially(text, HUMAN);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

const messages = (panel: Frame) => panel.getByRole('list', { name: 'Conversación' }).getByRole('listitem');
const lastFrom = (panel: Frame, author: string) => messages(panel).filter({ hasText: author }).last();

test.beforeAll(async ({ playwright }, testInfo) => {
  app = serverUrl(testInfo.parallelIndex % E2E_WORKERS);
  const request = await playwright.request.newContext({ baseURL: app });
  token = await apiLogin(request);
  api = apiAs(request, token);
  host = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const css = url.searchParams.get('css') === 'aggressive' ? AGGRESSIVE_CSS : '';
    const scheme = url.searchParams.get('scheme') === 'dark' ? 'dark' : 'light';
    const frame = url.searchParams.get('frame');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    // A page that frames the panel itself, as a site not on the list would try to.
    if (frame) res.end(`<!doctype html><title>Framed</title><iframe title="chat" src="${frame}"></iframe>`);
    else res.end(hostPage({ css, scheme }));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address() as AddressInfo;
  shop = `http://127.0.0.1:${port}`;
  stranger = `http://localhost:${port}`;
  before = await api.get<WebChatSettings>('/web-chat/settings');
  settings = await api.put<WebChatSettings>('/web-chat/settings', {
    enabled: true,
    allowedOrigins: [shop],
    greeting: GREETING,
    color: COLOR,
    position: 'right',
    privacyNote: PRIVACY,
  });
});

test.afterAll(async () => {
  const { publicKey: _, ...previous } = before;
  await api.put('/web-chat/settings', previous);
  await new Promise((resolve) => host.close(resolve));
});

test('a visitor on the business website chats with the assistant and a person answers live, with no CSS crossing either way', async ({
  page,
  browser,
}) => {
  const styleOfHost = () =>
    page.evaluate(() => {
      const h1 = getComputedStyle(document.querySelector('h1')!);
      const button = getComputedStyle(document.querySelector('main button')!);
      return {
        h1: `${h1.fontSize} ${h1.fontFamily} ${h1.color}`,
        button: button.display,
        body: getComputedStyle(document.body).margin,
        sheets: document.styleSheets.length,
      };
    });
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await visit(page, `${shop}/?css=aggressive`);
  // What the website pays for before anyone opens the chat: the loader and its config, nothing more.
  expect(fetched.filter((url) => url.startsWith(app)).map((url) => new URL(url).pathname)).toEqual([
    '/web-chat.js',
    '/api/web-chat/config',
  ]);
  const hostBefore = await styleOfHost();
  expect(hostBefore).toMatchObject({ button: 'none', sheets: 1 });
  // The launcher (60 px, 20 px from the bottom right corner) looks the same on a page that
  // restyles everything as on a plain one: the middle of the button, pixel for pixel.
  const { width, height } = page.viewportSize()!;
  const launcherMiddle = { x: width - 50 - 16, y: height - 50 - 16, width: 32, height: 32 };
  const launcherOnAggressivePage = await page.screenshot({ clip: launcherMiddle });
  const plain = await page.context().newPage();
  await visit(plain);
  const launcherOnPlainPage = await plain.screenshot({ clip: launcherMiddle });
  await plain.close();
  expect(launcherOnAggressivePage.equals(launcherOnPlainPage)).toBe(true);

  const panel = await openChat(page);

  await expect(panel.getByRole('heading', { name: 'Entrena Studio', level: 1 })).toBeVisible();
  await expect(panel.getByText(GREETING)).toBeVisible();
  await expect(panel.getByText(PRIVACY)).toBeVisible();
  // The host's stylesheet stops at the iframe, and the panel's stays inside it.
  const box = panel.getByRole('textbox', { name: 'Escribe tu mensaje' });
  expect(await box.evaluate((element) => getComputedStyle(element).fontSize)).toBe('15px');
  expect(await box.evaluate((element) => getComputedStyle(element).color)).not.toBe('rgb(255, 0, 0)');
  expect(await styleOfHost()).toEqual(hostBefore);

  await say(panel, '¿Cuál es vuestro horario?');
  await expect(lastFrom(panel, 'Asistente')).toContainText('horario');

  // By name: other specs on this worker's server add professionals, and a list of everyone may not reach Carlos.
  await say(panel, 'Quiero reservar una cita con Carlos');
  const bookingLink = panel.getByRole('link', { name: /\/schedule\/carlos\?c=/ });
  await expect(bookingLink).toBeVisible();
  expect(await bookingLink.getAttribute('href')).toMatch(new RegExp(`^${app}/schedule/carlos\\?c=`));

  await say(panel, 'Quiero hablar con una persona');
  await expect(lastFrom(panel, 'Asistente')).toContainText('persona');

  // A person on the staff, in their own browser, finds the website chat in the inbox and answers.
  const [chat] = await api.get<Array<{ id: string; channel: string }>>('/chats?channel=web&limit=1');
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await useToken(staff, token);
  await staff.goto(`${app}/?channel=web`);
  const row = staff.getByRole('list', { name: 'Chats' }).locator(`[data-chat-id="${chat!.id}"]`);
  await expect(row.getByRole('img', { name: 'Website chat', exact: true })).toBeVisible();
  await row.click();
  await expect(
    staff.getByRole('log', { name: 'Messages' }).getByText('Quiero hablar con una persona'),
  ).toBeVisible();
  const composer = staff.getByRole('textbox', { name: 'Message' });
  await composer.pressSequentially('Hola, soy Laura. Te ayudo yo con la reserva.', HUMAN);
  await composer.press('Enter');
  await expect(lastFrom(panel, 'Equipo de Entrena Studio')).toContainText(
    'Hola, soy Laura. Te ayudo yo con la reserva.',
  );
  await staffContext.close();

  // Escape closes the panel and gives focus back to the launcher.
  await box.press('Escape');
  await expect(box).toBeHidden();
  expect(await focused(page)).toBe('chatdesk-web-chat');

  // The browser keeps only the opaque session id (in the panel's storage, or the website's where the
  // browser refuses the panel third-party storage, as this Chromium does); closing the tab and coming
  // back shows the same chat.
  expect(await storedInBrowser(page, panel)).toEqual([
    [`chatdesk-web-chat:${settings.publicKey}`, expect.stringMatching(/^[\w-]{43}$/)],
  ]);
  await page.close();
  const again = await page.context().newPage();
  await visit(again);
  const reopened = await openChat(again);
  await expect(lastFrom(reopened, 'Equipo de Entrena Studio')).toContainText('Te ayudo yo con la reserva.');
  await expect(messages(reopened).filter({ hasText: '¿Cuál es vuestro horario?' })).toHaveCount(1);
  // The panel's own close button does what Escape does.
  await reopened.getByRole('button', { name: 'Cerrar el chat' }).click();
  await expect(reopened.getByRole('textbox', { name: 'Escribe tu mensaje' })).toBeHidden();
  expect(await focused(again)).toBe('chatdesk-web-chat');
});

test('a visitor who proves their email cancels their own appointment; one who only types the number cannot', async ({
  browser,
}) => {
  const employee = await createEmployee(api);
  const phone = uniquePhone();
  const appointment = await bookAppointment(api, employee, { phone });
  const email = appointment.client.email!;
  const status = async () => (await api.get<Appointment>(`/appointments/${appointment.id}`)).status;

  // A number typed in a message identifies nobody.
  const stranger = await newVisitor(browser);
  const guessing = await openChat(stranger);
  await say(guessing, `Hola, mi teléfono es ${phone} y mi email ${email}. Quiero cancelar mi cita`);
  const answer = lastFrom(guessing, 'Asistente');
  await expect(answer).toBeVisible();
  await expect(answer).not.toContainText(appointment.startTime);
  expect(await status()).toBe('scheduled');
  await stranger.context().close();

  // The client proves the address with the code emailed to it.
  const visitor = await newVisitor(browser);
  const panel = await openChat(visitor);
  await panel.getByRole('button', { name: 'Verificar tu email' }).click();
  await panel.getByRole('textbox', { name: 'Email', exact: true }).pressSequentially(email, HUMAN);
  await panel.getByRole('button', { name: 'Enviar código' }).click();
  const codeBox = panel.getByRole('textbox', { name: 'Código de 6 cifras' });
  await expect(codeBox).toBeFocused();
  const code = await emailedCode(email);
  // A wrong code first: the panel says so.
  await codeBox.pressSequentially(code === '000000' ? '111111' : '000000', HUMAN);
  await codeBox.press('Enter');
  await expect(panel.getByRole('alert').filter({ hasText: 'Ese código no es correcto' })).toBeVisible();
  await codeBox.press('ControlOrMeta+A');
  await codeBox.press('Backspace');
  await codeBox.pressSequentially(code, HUMAN);
  await codeBox.press('Enter');
  await expect(panel.getByRole('contentinfo').getByText(`Email verificado: ${email}`)).toBeVisible();

  await say(panel, 'Quiero cancelar mi cita');
  await expect(lastFrom(panel, 'Asistente')).toContainText(appointment.startTime);
  await say(panel, 'Sí');
  await expect.poll(status).toBe('cancelled');

  // The visitor's own copy, then the conversation deleted after a confirmation.
  const download = visitor.waitForEvent('download');
  await panel.getByRole('button', { name: 'Descargar conversación' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('conversation.json');
  const exported = JSON.parse(await streamText(await file.createReadStream())) as {
    messages: Array<{ text: string }>;
  };
  expect(exported.messages.map((message) => message.text)).toContain('Quiero cancelar mi cita');

  await panel.getByRole('button', { name: 'Borrar conversación' }).click();
  const dialog = panel.getByRole('dialog', { name: '¿Borrar la conversación?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Borrar' }).click();
  await expect(dialog).toBeHidden();
  await expect(messages(panel)).toHaveCount(0);
  await expect.poll(() => storedInBrowser(visitor, panel)).toEqual([]);
  await visitor.context().close();
});

test('a website not on the list shows no launcher and cannot frame the panel', async ({ page }) => {
  // The server answers the launcher's request without letting this origin read it (no CORS header).
  const refused = page.waitForEvent('requestfailed', (request) =>
    request.url().includes('/api/web-chat/config'),
  );
  await page.goto(`${stranger}/`);
  await refused;
  await expect(page.locator('chatdesk-web-chat')).toHaveCount(0);

  const panelUrl = `${app}/web-chat/panel?key=${settings.publicKey}`;
  const blocked = page.waitForEvent('console', (message) => message.text().includes('frame-ancestors'));
  await page.goto(`${stranger}/?frame=${encodeURIComponent(panelUrl)}`);
  await blocked;
  const framed = page.frames().find((frame) => frame !== page.mainFrame());
  await expect(framed!.getByRole('textbox', { name: 'Escribe tu mensaje' })).toHaveCount(0);
});

test('the panel passes axe, light and dark, on a desktop and a phone', async ({ page }) => {
  await page.goto(`${app}/web-chat/panel?key=${settings.publicKey}`);
  const box = page.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await box.pressSequentially('¿Cuál es vuestro horario?', HUMAN);
  await box.press('Enter');
  await expect(page.getByRole('list', { name: 'Conversación' }).getByText('Asistente')).toBeVisible();
  await page.getByRole('button', { name: 'Verificar tu email' }).click();
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoSeriousViolations(page, `the web chat panel (${scheme}, ${viewport.width} px)`);
    }
  }
  await page.getByRole('button', { name: 'Borrar conversación' }).click();
  await expectNoSeriousViolations(page, 'the delete confirmation');
});

/** The code in the newest email to `to`, from the local mailbox (no SMTP in the e2e servers). */
async function emailedCode(to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await api.raw.get(`/api/mail/local/latest?to=${encodeURIComponent(to)}`);
      if (!response.ok()) return '';
      code = (await response.json()).text.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Everything the website's page and the panel keep in the browser's storage. */
async function storedInBrowser(page: Page, panel: Frame): Promise<Array<[string, string]>> {
  const read = () => {
    try {
      return Object.entries(localStorage).concat(Object.entries(sessionStorage));
    } catch {
      return []; // Refused to a third-party frame.
    }
  };
  return [...(await page.evaluate(read)), ...(await panel.evaluate(read))];
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
