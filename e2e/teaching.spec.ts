import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAssistantTest, forgetLessons } from './teaching-data';

/** Staff teach the assistant from the conversations it did not understand, and keep their own test set. */

const HUMAN = { delay: 30 };
/** "Does the shack open early": words the built-in assistant does not understand until it is taught. */
const WORDS = 'madruga el chiringuito';
const PARAPHRASE = 'el chiringuito madruga mucho';
/** How the demo business answers a question about its opening hours. */
const HOURS_ANSWER = 'Cada profesional tiene su propio horario';
const BIKE_QUESTION = '¿tenéis sitio para dejar la bici?';
/** A run where every test passes, whatever other tests the server holds. */
const ALL_PASS = /^Test set: (\d+) of \1 pass$/;

const unique = (base: string) => `${base}${randomUUID().slice(0, 6)}`;
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** Clears a text box and types into it, as a person does. */
async function retype(box: Locator, text: string) {
  await box.click();
  await box.press('ControlOrMeta+a');
  await box.press('Backspace');
  await box.pressSequentially(text, HUMAN);
}

/** Writes a message in the simulator and waits for the assistant's answer to it. */
async function write(page: Page, text: string) {
  const replies = page.getByTestId('assistant-message');
  const before = await replies.count();
  await retype(messageBox(page), text);
  await messageBox(page).press('Enter');
  await expect(replies).toHaveCount(before + 1);
  return replies.last();
}

/** Opens the simulator on a new conversation; the chat it opened in is returned. */
async function openSimulator(page: Page): Promise<string> {
  const opened = page.waitForResponse((response) => response.url().endsWith('/api/chats/simulator'));
  await page.goto('/chat-simulator');
  const { chatId } = (await (await opened).json()) as { chatId: string };
  await expect(page.getByTestId('assistant-message').first()).toBeVisible();
  return chatId;
}

test.beforeEach(async ({ login }) => {
  await login();
});

test('a conversation the assistant did not understand is taught from the review queue, and then it understands those words and words close to them', async ({
  page,
  api,
}) => {
  await forgetLessons(api, WORDS);
  // A test of the business's own, so the lesson is checked against something.
  await createAssistantTest(api, {
    name: unique('Price with Carlos '),
    lines: ['Hola', '¿cuánto cuesta una sesión con Carlos?'],
    mustContain: '10,00',
    mustDo: 'answer',
  });

  const chatId = await openSimulator(page);
  await expect(await write(page, WORDS)).toContainText('No estoy seguro de haberte entendido');
  await expect(await write(page, WORDS)).toContainText('te paso con una persona');

  // The simulator stands alone, outside the staff app's navigation.
  await page.goto('/insights');
  await expect(page.getByRole('heading', { level: 3, name: 'Review queue' })).toBeVisible();
  const item = page.getByTestId('review-item').filter({ has: page.locator(`a[href="/chat/${chatId}"]`) });
  await expect(item).toContainText('Not understood');
  await expect(item).toContainText('Simulator');
  await expect(item.getByRole('list', { name: /^Messages of / })).toContainText(WORDS);

  await item.getByRole('button', { name: /^Teach from / }).click();
  const dialog = page.getByRole('dialog', { name: 'Teach the assistant' });
  await expect(dialog.getByRole('textbox', { name: "The customer's words" })).toHaveValue(WORDS);
  await dialog.getByRole('combobox', { name: 'They meant' }).pressSequentially('opening', HUMAN);
  await page.getByRole('option', { name: 'Ask the opening hours' }).click();
  await dialog.getByRole('button', { name: 'Save lesson' }).click();
  await expect(dialog.getByText('The assistant uses this lesson from the next message on.')).toBeVisible();
  await expect(dialog.getByText(/^Test set: /)).toHaveText(ALL_PASS);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toHaveCount(0);

  await openSimulator(page);
  await retype(messageBox(page), '/new');
  await messageBox(page).press('Enter');
  await expect(page.getByText('New conversation started')).toBeVisible();
  // The new conversation's greeting first: counted before it arrives, it reads as the answer.
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);
  await expect(await write(page, WORDS)).toContainText(HOURS_ANSWER);
  await expect(await write(page, PARAPHRASE)).toContainText(HOURS_ANSWER);
  // The server is shared by every spec: what this one taught must not answer theirs.
  await forgetLessons(api, WORDS);
});

test('a test written in Settings passes when the test set runs; an answer lesson is added, changed and removed', async ({
  page,
  api,
}) => {
  await forgetLessons(api, BIKE_QUESTION);
  const name = unique('Price with Carlos ');

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Test Set' }).click();
  await expect(page).toHaveURL('/settings/test-set');
  await page.getByRole('button', { name: 'Add test' }).click();
  const testDialog = page.getByRole('dialog', { name: 'Add test' });
  await testDialog.getByRole('textbox', { name: 'Name' }).pressSequentially(name, HUMAN);
  await testDialog.getByRole('textbox', { name: 'Customer message 1' }).pressSequentially('Hola', HUMAN);
  await testDialog.getByRole('button', { name: 'Add message' }).click();
  const second = testDialog.getByRole('textbox', { name: 'Customer message 2' });
  await expect(second).toBeFocused();
  await second.pressSequentially('¿cuánto cuesta una sesión con Carlos?', HUMAN);
  await testDialog
    .getByRole('textbox', { name: 'The last reply must contain' })
    .pressSequentially('10,00', HUMAN);
  await testDialog.getByRole('button', { name: 'Save test' }).click();
  await expect(testDialog).toBeHidden();

  const row = page.getByTestId('test-case').filter({ hasText: name });
  await expect(row).toContainText('“¿cuánto cuesta una sesión con Carlos?”');
  await expect(row).toContainText('Answers without a person, with “10,00” in the last reply');
  await page.getByRole('button', { name: 'Run all tests' }).click();
  await expect(row.getByText('Pass', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Test set: /)).toHaveText(ALL_PASS);
  await expect(page.getByText('Run on the built-in assistant.', { exact: false })).toBeVisible();
  await row.getByRole('button', { name: 'Show replies' }).click();
  await expect(row.getByText(/^Assistant: Una cita de 30 minutos cuesta 10,00/)).toBeVisible();

  await page.getByRole('tab', { name: 'Assistant Lessons' }).click();
  await expect(page).toHaveURL('/settings/lessons');
  await page.getByRole('button', { name: 'Add lesson' }).click();
  const lessonDialog = page.getByRole('dialog', { name: 'Add lesson' });
  await lessonDialog
    .getByRole('textbox', { name: "The customer's words" })
    .pressSequentially(BIKE_QUESTION, HUMAN);
  await lessonDialog.getByRole('radiogroup', { name: 'What to teach' }).getByText('The answer').click();
  await lessonDialog
    .getByRole('textbox', { name: 'Answer' })
    .pressSequentially('Sí, podéis dejar la bici en la entrada.', HUMAN);
  await lessonDialog.getByRole('button', { name: 'Save lesson' }).click();
  await expect(lessonDialog.getByText(/^Test set: /)).toHaveText(ALL_PASS);
  await lessonDialog.getByRole('button', { name: 'Done' }).click();
  await expect(lessonDialog).toBeHidden();

  const lessons = page.getByRole('list', { name: 'Assistant lessons' });
  const lesson = lessons.getByRole('listitem').filter({ hasText: BIKE_QUESTION });
  await expect(lesson).toContainText('Answer: Sí, podéis dejar la bici en la entrada.');

  await lesson.getByRole('button', { name: `Edit lesson “${BIKE_QUESTION}”` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit lesson' });
  await retype(editDialog.getByRole('textbox', { name: 'Answer' }), 'Sí, en el patio de atrás.');
  await editDialog.getByRole('button', { name: 'Save lesson' }).click();
  await expect(editDialog.getByText(/^Test set: /)).toHaveText(ALL_PASS);
  await editDialog.getByRole('button', { name: 'Done' }).click();
  await expect(lesson).toContainText('Answer: Sí, en el patio de atrás.');

  // The assistant answers with the lesson as changed.
  await openSimulator(page);
  await expect(await write(page, BIKE_QUESTION)).toContainText('Sí, en el patio de atrás.');

  await page.goto('/settings/lessons');
  await lesson.getByRole('button', { name: `Remove lesson “${BIKE_QUESTION}”` }).click();
  const removeDialog = page.getByRole('dialog', { name: 'Remove lesson' });
  await expect(removeDialog).toContainText(`The assistant forgets its answer to “${BIKE_QUESTION}”.`);
  await removeDialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(removeDialog).toBeHidden();
  await expect(lesson).toHaveCount(0);
});
