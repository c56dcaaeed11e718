import { WEB_CHAT_DEFAULTS, WEB_CHAT_MESSAGES, type WebChatSettings } from '@chatdesk/contract/web-chat';
import type { Page } from '@playwright/test';
import { expectAccessibleEverywhere } from './axe';
import { type Api, expect, test } from './fixtures';
import { screenshot } from './shots';

const OFF = {
  enabled: false,
  allowedOrigins: [],
  greeting: WEB_CHAT_DEFAULTS.greeting,
  color: WEB_CHAT_DEFAULTS.color,
  position: 'right',
  privacyNote: '',
};

/** Another spec on this server may have switched the chat on: each test starts from the defaults. */
async function startFromDefaults(api: Api) {
  return api.put<WebChatSettings>('/web-chat/settings', OFF);
}

/** Replaces what a box holds the way people do: select it all, then type. */
async function retype(page: Page, label: string, text: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await box.pressSequentially(text, { delay: 30 });
}

test.beforeEach(async ({ login }) => {
  await login();
});

test('Settings → Web chat switches the chat on with its websites, greeting, colour, position and privacy note', async ({
  page,
  api,
}) => {
  await startFromDefaults(api);
  await page.goto('/settings/web-chat');
  await expect(page.getByRole('heading', { name: 'Web chat', exact: true })).toBeVisible();
  const enabled = page.getByRole('switch', { name: 'Show the chat on my website' });
  await expect(enabled).not.toBeChecked();

  await enabled.click();
  const websites = page.getByLabel('Allowed websites', { exact: true });
  await websites.click();
  await websites.pressSequentially('https://www.example.com/shop', { delay: 30 });
  await page.getByRole('button', { name: 'Save web chat settings' }).click();
  await expect(page.getByText(WEB_CHAT_MESSAGES.originInvalid, { exact: true })).toBeVisible();

  await retype(page, 'Allowed websites', 'https://WWW.Example.com');
  await page.keyboard.press('Enter');
  await page.keyboard.type('http://localhost:8080', { delay: 30 });
  await retype(page, 'Greeting', 'Hola, ¿en qué te ayudamos?');
  await retype(page, 'Colour', '#AA00CC');
  await page.getByRole('radio', { name: 'Bottom left' }).click();
  const note = page.getByLabel('Privacy note', { exact: true });
  await note.click();
  await note.pressSequentially('Solo usamos tus mensajes para responderte.', { delay: 30 });
  await page.getByRole('button', { name: 'Save web chat settings' }).click();
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Web chat settings saved' }),
  ).toBeVisible();
  // Saved as browsers send an origin.
  await expect(websites).toHaveValue('https://www.example.com\nhttp://localhost:8080');

  const saved = await api.get<WebChatSettings>('/web-chat/settings');
  expect(saved).toMatchObject({
    enabled: true,
    allowedOrigins: ['https://www.example.com', 'http://localhost:8080'],
    greeting: 'Hola, ¿en qué te ayudamos?',
    color: '#aa00cc',
    position: 'left',
    privacyNote: 'Solo usamos tus mensajes para responderte.',
  });

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Show the chat on my website' })).toBeChecked();
  await expect(page.getByLabel('Greeting', { exact: true })).toHaveValue('Hola, ¿en qué te ayudamos?');
  await expect(page.getByRole('radio', { name: 'Bottom left' })).toBeChecked();
  await startFromDefaults(api);
});

test('the snippet names this server and the public key, and Copy puts it on the clipboard', async ({
  page,
  api,
  context,
  baseURL,
}, testInfo) => {
  const settings = await startFromDefaults(api);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/settings/web-chat');
  const snippet = `<script src="${baseURL}/web-chat.js" data-key="${settings.publicKey}" async></script>`;
  await expect(page.getByRole('textbox', { name: 'Code for your website' })).toHaveValue(snippet);
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

  await expectAccessibleEverywhere(page, 'Settings → Web chat', {
    shows: page.getByRole('button', { name: 'Save web chat settings' }),
    each: (size, scheme) =>
      screenshot(page, testInfo.outputPath(`web-chat-settings-${size}-${scheme}.png`), { fullPage: true }),
  });
});
