import { simulatorChatName } from './chat-data';
import { expect, test } from './fixtures';

const DEFAULT_MESSAGE = 'Hola, busco un entrenador personal en Madrid';

test('opens a new conversation with a greeting and answers the default message with a Madrid trainer', async ({
  page,
}) => {
  const calls: Array<{ text: string; sessionId: string }> = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/chats/simulator')) calls.push(request.postDataJSON());
  });
  await page.goto('/chat-simulator');
  await expect(page.getByRole('heading', { name: 'Chat Simulator' })).toBeVisible();
  await expect(
    page.getByText(/Sending\s*\/new\s*deletes the current conversation and starts a new one\./),
  ).toBeVisible();

  const replies = page.getByTestId('assistant-message');
  await expect(replies.first()).toBeVisible();
  expect(calls[0]?.text).toBe('/new');
  expect(calls[0]?.sessionId).toMatch(/^[a-z0-9]{16,}$/i);

  const input = page.getByRole('textbox', { name: 'Message' });
  await expect(input).toHaveValue(DEFAULT_MESSAGE);
  await input.press('Enter');
  await expect(page.getByTestId('user-message').last()).toHaveText(DEFAULT_MESSAGE);
  await expect(replies.last()).toContainText('Carlos Ruiz');
  await expect(input).toHaveValue('');
  expect(calls[1]).toEqual({ text: DEFAULT_MESSAGE, sessionId: calls[0]?.sessionId });
});

test('the conversation appears in the staff chat list as it happens', async ({ page, context, login }) => {
  await login();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Chats' })).toBeVisible();

  const visitor = await context.newPage();
  await visitor.goto('/chat-simulator');
  await expect(visitor.getByTestId('assistant-message').first()).toBeVisible();
  const sessionId = await visitor.evaluate(() => sessionStorage.getItem('chat-simulator-session'));
  expect(sessionId).toBeTruthy();
  const name = simulatorChatName(sessionId ?? '');

  const row = page.getByRole('list', { name: 'Chats' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toHaveCount(1, { timeout: 5_000 });
  await visitor.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(visitor.getByTestId('assistant-message').last()).toContainText('Carlos Ruiz');
  await expect(row).toContainText('Carlos Ruiz', { timeout: 5_000 });
});

test("'/new' starts over in the same session", async ({ page }) => {
  await page.goto('/chat-simulator');
  const input = page.getByRole('textbox', { name: 'Message' });
  await expect(page.getByTestId('assistant-message').first()).toBeVisible();
  await input.press('Enter');
  await expect(page.getByTestId('user-message')).toHaveCount(1);
  await expect(page.getByTestId('assistant-message')).toHaveCount(2);

  await input.fill('/new');
  await input.press('Enter');
  await expect(page.getByTestId('user-message')).toHaveCount(0);
  await expect(page.getByText('New conversation started')).toBeVisible();
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);
});

test('an assistant failure is shown as a failed message', async ({ page }) => {
  await page.route('**/api/chats/simulator', (route) =>
    route.fulfill({ status: 502, json: { message: 'The assistant is unavailable' } }),
  );
  await page.goto('/chat-simulator');
  const failed = page
    .getByTestId('assistant-message')
    .filter({ hasText: 'AI error: The assistant is unavailable' });
  await expect(failed).toBeVisible();
  await expect(failed).toHaveAttribute('data-failed', 'true');
});
