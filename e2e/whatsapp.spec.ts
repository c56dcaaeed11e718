import type { Page } from '@playwright/test';
import { type Chat, whatsappMessage } from './chat-data';
import { expect, test } from './fixtures';

const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });

test('a WhatsApp message appears in the open chat without a reload, and the assistant answers it', async ({
  page,
  login,
  api,
  request,
}) => {
  await login();
  const from = `3461${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  // Named, so the answer is Carlos's whatever other professionals the run has made in Madrid.
  await whatsappMessage(request, from, 'Paula Webhook', 'Hola, quiero reservar con Carlos Ruiz');
  const chat = (await api.get<Chat[]>('/chats?search=Paula%20Webhook'))[0]!;
  expect(chat).toMatchObject({ prefix: '34', phone: from.slice(2) });

  await page.goto(`/chat/${chat.id}`);
  await expect(messageLog(page)).toContainText('Carlos Ruiz');

  await whatsappMessage(request, from, 'Paula Webhook', '¿Y cuánto cuesta la primera sesión?');
  await expect(messageLog(page)).toContainText('¿Y cuánto cuesta la primera sesión?');
  await expect(messageLog(page)).toContainText('10 EUR');
});

test('the simulator answer links to the right booking page', async ({ page, login }) => {
  await login();
  await page.goto('/chat-simulator');
  const input = page.getByRole('textbox', { name: 'Message' });
  await expect(input).toHaveValue('Hola, busco un entrenador personal en Madrid');
  // The page opens by starting a new conversation; wait for its greeting before sending.
  await expect(page.getByText(/asistente de Entrena Studio/)).toBeVisible();
  // Named, so the link is Carlos's whatever other professionals the run has made in Madrid.
  await input.fill('');
  await input.pressSequentially('Quiero reservar con Carlos', { delay: 20 });
  await page.getByRole('button', { name: /send/i }).click();
  const link = page.getByRole('link', { name: /\/schedule\/carlos/ }).first();
  await expect(link).toBeVisible({ timeout: 15_000 });
  await expect(link).toHaveAttribute('target', '_blank');
  const href = await link.getAttribute('href');
  expect(new URL(href!).pathname).toBe('/schedule/carlos');
  await page.goto(new URL(href!).pathname);
  await expect(page.getByRole('heading', { name: /Book an Appointment with Carlos Ruiz/ })).toBeVisible();
});

test('after 24 hours only a template can be sent; once the customer answers, free text again', async ({
  page,
  login,
  api,
  request,
}) => {
  await login();
  const from = `3462${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const name = `Marta ${from.slice(-6)}`;
  const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
  await whatsappMessage(request, from, name, 'Hola, ¿tenéis hueco el sábado?', twoDaysAgo);
  const chat = (await api.get<Chat[]>(`/chats?search=${encodeURIComponent(name)}`))[0]!;
  await api.put(`/chats/${chat.id}/toggle-ai`);

  await page.goto(`/chat/${chat.id}`);
  await expect(
    page.getByText(
      'More than 24 hours since the customer last wrote: only an approved template can be sent.',
    ),
  ).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeDisabled();
  await expect(composer).toHaveAttribute('placeholder', 'Send a template to reopen the conversation');

  await page.getByRole('button', { name: 'Send a template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a WhatsApp template' });
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'follow_up (es)' }).click();
  await dialog.getByRole('textbox', { name: 'Value for {{1}}' }).fill('Marta');
  await dialog.getByRole('button', { name: 'Send Template' }).click();
  await expect(dialog.getByText('Fill in this placeholder')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Value for {{2}}' }).fill('Entrena Studio');
  const text =
    'Hola Marta, te escribimos de Entrena Studio para retomar tu consulta. ¿Podemos ayudarte en algo más?';
  await expect(dialog.getByLabel('Preview')).toContainText(text);
  await dialog.getByRole('button', { name: 'Send Template' }).click();
  await expect(dialog).toBeHidden();
  await expect(messageLog(page).getByTestId('message').last()).toContainText(text);

  // The customer answers: the window opens again and the composer is free.
  await whatsappMessage(request, from, name, 'Sí, el sábado por la mañana');
  await expect(messageLog(page)).toContainText('Sí, el sábado por la mañana');
  await expect(composer).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Send a template' })).toHaveCount(0);
});
