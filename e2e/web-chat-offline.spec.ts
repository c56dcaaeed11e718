import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Frame, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { type Api, apiAs, apiLogin, expect, test } from './fixtures';

// The web chat with nobody to answer (issue #26): the panel says a person will answer and asks where
// to reply. "Online" is a staff member's dashboard calling the API in the last minutes (decision
// 022), and the shared e2e servers always have one, so this spec starts a server of its own with
// WEB_CHAT_ONLINE_MINUTES=0: the setting of a business that does not answer live.

const HUMAN = { delay: 30 };
const OFFLINE_TEXT = 'Ahora mismo no hay nadie conectado: una persona te responderá en cuanto pueda.';
const REPLY_TO = 'Email o número de WhatsApp para responderte';

test.use({ locale: 'es-ES' });
test.describe.configure({ mode: 'serial' });

let server: ChildProcess;
let app: string;
let dataDir: string;
let api: Api;
let key: string;
let host: http.Server;
let shop: string;

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const port = await freePort();
  app = `http://localhost:${port}`;
  dataDir = `.tmp/e2e-web-chat-offline-${Date.now()}`;
  server = spawn('node', ['apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      WEB_CHAT_ONLINE_MINUTES: '0',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${app}/api/health/ready`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe(200);

  const request = await playwright.request.newContext({ baseURL: app });
  api = apiAs(request, await apiLogin(request));
  host = http.createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Entrena Studio</title></head>
<body><main><h1>Entrena Studio</h1><p>Entrenamiento personal en Madrid.</p></main>
<script src="${app}/web-chat.js" data-key="${key}" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  shop = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  const settings = await api.put<{ publicKey: string }>('/web-chat/settings', {
    enabled: true,
    allowedOrigins: [shop],
    greeting: '¡Hola! ¿En qué te ayudamos?',
    color: '#7048e8',
    position: 'right',
    privacyNote: '',
  });
  key = settings.publicKey;
});

test.afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The panel's frame: it lives in the launcher's closed shadow root, so it is found by its address. */
async function panelOf(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((frame) => frame.url().includes('/web-chat/panel'))).toBe(true);
  return page.frames().find((frame) => frame.url().includes('/web-chat/panel'))!;
}

test('with nobody to answer, the panel says a person will reply and keeps an email or WhatsApp number to reply to', async ({
  page,
}) => {
  await page.goto(`${shop}/`);
  // The launcher, from the keyboard (it is the page's only control once drawn).
  const focused = () => page.evaluate(() => document.activeElement?.localName ?? null);
  await expect
    .poll(async () => {
      await page.keyboard.press('Tab');
      return focused();
    })
    .toBe('chatdesk-web-chat');
  await page.keyboard.press('Enter');
  const panel = await panelOf(page);
  await expect(panel.getByText('Te responderemos pronto', { exact: true })).toBeVisible();
  await expect(panel.getByText(OFFLINE_TEXT, { exact: true })).toBeVisible();

  const message = panel.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await message.pressSequentially('Hola, ¿hacéis entrenamiento para mayores?', HUMAN);
  await message.press('Enter');
  await expect(message).toHaveValue('');

  // Something that is neither: the panel says what it needs.
  const contact = panel.getByRole('textbox', { name: REPLY_TO });
  await contact.pressSequentially('mañana por la tarde', HUMAN);
  await panel.getByRole('button', { name: 'Guardar' }).click();
  await expect(panel.getByText('Escribe un email o un número de WhatsApp.', { exact: true })).toBeVisible();
  await expect(contact).toHaveAttribute('aria-invalid', 'true');

  await contact.press('ControlOrMeta+A');
  await contact.press('Backspace');
  await contact.pressSequentially('+34 600 111 222', HUMAN);
  await contact.press('Enter');
  await expect(panel.getByText('Te responderemos en +34 600 111 222.', { exact: true })).toBeVisible();

  // Staff find where to answer on the chat (it identifies nobody: no client).
  type Detail = { replyTo: string | null; clientId: string | null };
  const chats = await api.get<Array<{ id: string }>>('/chats?channel=web');
  const details = await Promise.all(chats.map((chat) => api.get<Detail>(`/chats/${chat.id}`)));
  expect(details.filter((chat) => chat.replyTo !== null)).toEqual([
    expect.objectContaining({ replyTo: '+34 600 111 222', clientId: null }),
  ]);
});

test('the offline panel passes axe, light and dark, on a desktop and a phone', async ({ page }) => {
  await page.goto(`${app}/web-chat/panel?key=${key}`);
  await expect(page.getByText(OFFLINE_TEXT, { exact: true })).toBeVisible();
  const contact = page.getByRole('textbox', { name: REPLY_TO });
  await contact.pressSequentially('ana@', HUMAN);
  await contact.press('Enter');
  await expect(page.getByText('Escribe un email o un número de WhatsApp.', { exact: true })).toBeVisible();
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoSeriousViolations(page, `the offline web chat panel (${scheme}, ${viewport.width} px)`);
    }
  }
});
