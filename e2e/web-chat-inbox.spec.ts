import type { Chat } from '@chatdesk/contract/chats';
import { WEB_CHAT_DEFAULTS, type WebChatSettings } from '@chatdesk/contract/web-chat';
import { expectAccessibleEverywhere } from './axe';
import { whatsappMessage } from './chat-data';
import { type Api, expect, test } from './fixtures';
import { screenshot } from './shots';

/** A visitor writes on the website's chat, through the visitor API the panel uses; answers the chat. */
async function webVisitorWrites(api: Api, text: string): Promise<Chat> {
  const settings = await api.get<WebChatSettings>('/web-chat/settings');
  await api.put('/web-chat/settings', {
    enabled: true,
    allowedOrigins: settings.allowedOrigins,
    greeting: settings.greeting || WEB_CHAT_DEFAULTS.greeting,
    color: settings.color,
    position: settings.position,
    privacyNote: settings.privacyNote,
  });
  const session = await api.raw.post('/api/web-chat/sessions', { data: { key: settings.publicKey } });
  expect(session.status(), await session.text()).toBe(201);
  const { sessionId } = (await session.json()) as { sessionId: string };
  const sent = await api.raw.post('/api/web-chat/messages', {
    headers: { 'X-Web-Chat-Session': sessionId },
    data: { text },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  // The newest web chat: the one this visitor has just written in.
  const [chat] = await api.get<Chat[]>('/chats?channel=web&limit=1');
  expect(chat?.lastMessage).not.toBeNull();
  return chat!;
}

test.beforeEach(async ({ login }) => {
  await login();
});

test('the inbox shows each chat’s channel and filters the list by channel', async ({
  page,
  api,
  request,
}, testInfo) => {
  // A WhatsApp chat of its own, just before the web one: both are at the top of the list whatever
  // chats the specs before this one left on the server (simulator chats filled the first screen).
  await whatsappMessage(
    request,
    `3467${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
    'Inés Vidal',
    'Hola',
  );
  const web = await webVisitorWrites(api, 'Hola, ¿abrís el sábado?');
  await page.goto('/');
  const list = page.getByRole('list', { name: 'Chats' });
  const webRow = list.locator(`[data-chat-id="${web.id}"]`);
  await expect(webRow.getByRole('img', { name: 'Website chat', exact: true })).toBeVisible();
  await expect(list.getByRole('img', { name: 'WhatsApp', exact: true }).first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'Website chat', exact: true }).click();
  await expect(page).toHaveURL(/channel=web/);
  await expect(list.getByRole('img', { name: 'WhatsApp', exact: true })).toHaveCount(0);
  await expect(webRow).toBeVisible();

  await webRow.click();
  await expect(page).toHaveURL(new RegExp(`/chat/${web.id}\\?channel=web`));
  const header = page.locator('header').filter({ has: page.getByTestId('chat-name') });
  await expect(header.getByRole('img', { name: 'Website chat', exact: true })).toBeVisible();
  await expect(header.getByText('Website chat', { exact: true })).toBeVisible();
  // The filter is kept while a chat is open.
  await expect(page.getByRole('combobox', { name: 'Channel' })).toHaveValue('Website chat');

  await expectAccessibleEverywhere(page, 'a web chat in the inbox', {
    each: (size, scheme) => screenshot(page, testInfo.outputPath(`web-chat-inbox-${size}-${scheme}.png`)),
  });

  await page.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'WhatsApp', exact: true }).click();
  await expect(page).toHaveURL(/channel=whatsapp/);
  await expect(list.locator(`[data-chat-id="${web.id}"]`)).toHaveCount(0);
  await expect(list.getByRole('img', { name: 'WhatsApp', exact: true }).first()).toBeVisible();
});
