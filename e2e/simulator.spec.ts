import { createClient } from './client-data';
import { expect, test } from './fixtures';
import { screenshot } from './shots';
import { bookAppointment, createEmployee } from './staff-data';

const DEFAULT_MESSAGE = 'Hola, busco un entrenador personal en Madrid';
const HUMAN = { delay: 30 };

type SimulatorCall = { text: string; sessionId: string; clientId: string | null };

test('is a staff tool: without a session it asks to sign in', async ({ page }) => {
  await page.goto('/chat-simulator');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('signed in', () => {
  test.beforeEach(async ({ login }) => {
    await login();
  });

  test('opens a new conversation as nobody and answers the default message with a Madrid trainer', async ({
    page,
  }) => {
    const calls: SimulatorCall[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/chats/simulator')) calls.push(request.postDataJSON());
    });
    await page.goto('/chat-simulator');
    await expect(page.getByRole('heading', { name: 'Chat Simulator' })).toBeVisible();
    await expect(
      page.getByText(/Sending\s*\/new\s*deletes the current conversation and starts a new one\./),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Play as' })).toHaveValue('');

    const replies = page.getByTestId('assistant-message');
    await expect(replies.first()).toBeVisible();
    expect(calls[0]).toMatchObject({ text: '/new', clientId: null });
    expect(calls[0]?.sessionId).toMatch(/^[a-z0-9]{16,}$/i);

    const input = page.getByRole('textbox', { name: 'Message' });
    await expect(input).toHaveValue(DEFAULT_MESSAGE);
    await input.press('Enter');
    await expect(page.getByTestId('user-message').last()).toHaveText(DEFAULT_MESSAGE);
    await expect(replies.last()).toContainText('Carlos Ruiz');
    await expect(input).toHaveValue('');
    expect(calls[1]).toEqual({ text: DEFAULT_MESSAGE, sessionId: calls[0]?.sessionId, clientId: null });
  });

  test('the conversation appears in the staff chat list as it happens', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Chats' })).toBeVisible();

    const tester = await context.newPage();
    const opened = tester.waitForResponse((r) => r.url().endsWith('/api/chats/simulator'));
    await tester.goto('/chat-simulator');
    const { chatId } = (await (await opened).json()) as { chatId: string };
    await expect(tester.getByTestId('assistant-message').first()).toBeVisible();

    const row = page
      .getByRole('list', { name: 'Chats' })
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="/chat/${chatId}"]`) });
    await expect(row).toHaveCount(1, { timeout: 5_000 });
    await expect(row).toContainText('Chat simulator');
    await tester.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(tester.getByTestId('assistant-message').last()).toContainText('Carlos Ruiz');
    await expect(row).toContainText('Carlos Ruiz', { timeout: 5_000 });
  });

  test('a customer running late is thanked, and the team told in Notifications while the chat stays with the assistant', async ({
    page,
    api,
  }, testInfo) => {
    const opened = page.waitForResponse((r) => r.url().endsWith('/api/chats/simulator'));
    await page.goto('/chat-simulator');
    const { chatId } = (await (await opened).json()) as { chatId: string };
    const replies = page.getByTestId('assistant-message');
    await expect(replies.first()).toBeVisible();
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.clear();
    await input.pressSequentially('llego 10 min tarde, hay un atasco', HUMAN);
    await input.press('Enter');
    await expect(replies.last()).toContainText('Gracias por avisar');

    await page.goto('/notifications');
    const notice = page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'llego 10 min tarde, hay un atasco' });
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('Customer update');
    await expect(notice.getByRole('link', { name: 'Customer update' })).toHaveAttribute(
      'href',
      `/chat/${chatId}`,
    );
    await screenshot(page, testInfo.outputPath('customer-update.png'));
    // Nobody needs to answer: the chat is not among those waiting for a person.
    expect((await api.get<{ chatIds: string[] }>('/chats/waiting')).chatIds).not.toContain(chatId);
    expect((await api.get<{ assignedTo: string }>(`/chats/${chatId}`)).assignedTo).toBe('ai');
  });

  test("'/new' starts over in the same session", async ({ page }) => {
    await page.goto('/chat-simulator');
    const input = page.getByRole('textbox', { name: 'Message' });
    await expect(page.getByTestId('assistant-message').first()).toBeVisible();
    await input.press('Enter');
    await expect(page.getByTestId('user-message')).toHaveCount(1);
    await expect(page.getByTestId('assistant-message')).toHaveCount(2);

    await input.pressSequentially('/new', HUMAN);
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

  test("plays a client only once staff pick one, says so, and then knows that client's appointment", async ({
    page,
    api,
  }, testInfo) => {
    const employee = await createEmployee(api);
    const appointment = await bookAppointment(api, employee);
    const booked = await api.get<{ items: Array<{ id: string; name: string; phone: string }> }>(
      `/clients?search=${encodeURIComponent(appointment.client.email ?? '')}`,
    );
    const client = booked.items[0]!;
    await createClient(api); // another client, so the pick is a real choice

    await page.goto('/chat-simulator');
    const replies = page.getByTestId('assistant-message');
    await expect(replies.first()).toBeVisible();
    const input = page.getByRole('textbox', { name: 'Message' });
    // As nobody, the assistant knows no appointment.
    await input.fill('');
    await input.pressSequentially('¿Cuándo es mi cita?', HUMAN);
    await input.press('Enter');
    await expect(replies).toHaveCount(2);
    await expect(replies.last()).not.toContainText(employee.name);

    const playAs = page.getByRole('combobox', { name: 'Play as' });
    await playAs.pressSequentially(client.name, HUMAN);
    await page.getByRole('option', { name: new RegExp(client.name) }).click();
    await expect(page.getByText(`You are playing ${client.name}`)).toBeVisible();
    await expect(page.getByText(`New conversation as ${client.name}`)).toBeVisible();
    await expect(page.getByTestId('user-message')).toHaveCount(0);

    await input.fill('');
    await input.pressSequentially('¿Cuándo es mi cita?', HUMAN);
    await input.press('Enter');
    await expect(replies.last()).toContainText(employee.name);
    await screenshot(page, testInfo.outputPath('simulator-playing-a-client.png'));
  });
});
