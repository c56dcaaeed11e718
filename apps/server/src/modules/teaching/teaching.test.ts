import {
  type LessonSaved,
  type ReviewItem,
  TEACHING_MESSAGES,
  type TestRun,
} from '@chatdesk/contract/teaching';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { judge } from './teaching.service.ts';

// Wednesday 25 November 2026, 10:00 in Madrid.
const NOW = new Date('2026-11-25T09:00:00Z').getTime();
let ticks = 0;
const clock = () => new Date(NOW + ticks++);

let t: TestContext;
let headers: Record<string, string>;
let carlos: { id: string };
beforeAll(async () => {
  t = await buildTestApp({ clock });
  ({ headers } = await t.signIn());
  carlos = await insertEmployee(t.db, {
    name: 'Carlos Ruiz',
    username: 'carlos-teach',
    title: 'Personal Trainer',
    locations: ['Madrid'],
    availability: { tuesday: [['09:00', '13:00']], thursday: [['16:00', '20:00']] },
  });
});
afterAll(() => t.close());

const say = async (text: string, sessionId: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/chats/simulator',
    headers,
    payload: { text, sessionId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { reply: string | null; replies: string[]; assignedTo: string; chatId: string };
};
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const queue = async () => ((await api('GET', '/assistant/review')).json() as { items: ReviewItem[] }).items;

const PUZZLE = 'mi pulsera naranja sirve en la piscina';
const ANSWER = 'Sí: la pulsera naranja da acceso a la piscina de 7:00 a 22:00.';

describe('teaching the assistant from the review queue', () => {
  let item: ReviewItem;

  it('lists a conversation the assistant did not understand, with the words to teach from', async () => {
    await say('/new', 'puzzled');
    const first = await say(PUZZLE, 'puzzled');
    expect(first.reply).toMatch(/^No estoy seguro de haberte entendido/);
    const second = await say('bueno, lo de la pulsera', 'puzzled');
    expect(second.assignedTo).toBe('human');
    const items = await queue();
    item = items.find((found) => found.chatId === first.chatId)!;
    expect(item).toMatchObject({ reason: 'not_understood', channel: 'simulator', suggestion: PUZZLE });
    // After the greeting '/new' gave: the customer's words and the assistant's replies, the command not.
    expect(item.exchanges.map((exchange) => exchange.sender)).toEqual([
      'assistant',
      'customer',
      'assistant',
      'customer',
      'assistant',
    ]);
    expect(item.exchanges[1]!.text).toBe(PUZZLE);
  });

  it('taught an answer, the next customer who writes it, or words close to it, gets it', async () => {
    const saved = await api('POST', '/assistant/lessons', {
      kind: 'answer',
      example: item.suggestion,
      answer: ANSWER,
      conversationId: item.conversationId,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const body = saved.json() as LessonSaved;
    expect(body.lesson).toMatchObject({ kind: 'answer', example: PUZZLE, answer: ANSWER, intent: null });
    expect(body.tests).toMatchObject({ engine: 'rules', total: 0, passed: 0 });
    // Taught from: off the queue.
    expect((await queue()).map((found) => found.conversationId)).not.toContain(item.conversationId);

    await say('/new', 'same-words');
    expect((await say('Mi pulsera naranja sirve en la piscina?', 'same-words')).reply).toBe(ANSWER);
    await say('/new', 'paraphrase');
    expect((await say('la pulsera naranja vale para entrar a la piscina?', 'paraphrase')).reply).toBe(ANSWER);
    // Only loosely close, but the assistant would not have understood it: the lesson answers.
    await say('/new', 'loose');
    expect((await say('con la pulsera puedo ir a la piscina?', 'loose')).reply).toBe(ANSWER);
    // Sharing a word is not asking the same: the assistant answers as before.
    await say('/new', 'other');
    expect((await say('hola, busco entrenador personal en Madrid', 'other')).reply).toContain('Carlos Ruiz');
  });

  it('taught a meaning, the words are read as it: a booking with the professional and day taught', async () => {
    await say('/new', 'meaning');
    // Untaught, it is a booking with nobody in particular.
    const before = await say('me apunto a lo de los martes', 'meaning');
    expect(before.reply).toMatch(/^¿Con quién quieres la cita\?/);
    const saved = await api('POST', '/assistant/lessons', {
      kind: 'meaning',
      example: 'me apunto a lo de los martes',
      intent: 'book',
      employeeId: carlos.id,
      day: 'tuesday',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect((saved.json() as LessonSaved).lesson).toMatchObject({
      intent: 'book',
      employeeName: 'Carlos Ruiz',
      day: 'tuesday',
      answer: null,
    });
    await say('/new', 'meaning-2');
    const after = await say('me apunto a lo del martes!', 'meaning-2');
    expect(after.reply).toContain('/schedule/carlos-teach');
    expect(after.reply).toMatch(/martes/i);
    expect(after.reply).not.toMatch(/^¿Con quién/);
  });

  it('dismissing takes a conversation off the queue without a lesson', async () => {
    await say('/new', 'dismissed');
    await say('el ñu de la esquina pita', 'dismissed');
    const handed = await say('pues eso del ñu', 'dismissed');
    const found = (await queue()).find((candidate) => candidate.chatId === handed.chatId)!;
    expect(found.reason).toBe('not_understood');
    const dismissed = await api('POST', `/assistant/review/${found.conversationId}/dismiss`);
    expect(dismissed.statusCode).toBe(200);
    expect((await queue()).map((candidate) => candidate.chatId)).not.toContain(handed.chatId);
    const missing = await api('POST', '/assistant/review/00000000-0000-4000-8000-000000000000/dismiss');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: TEACHING_MESSAGES.reviewNotFound });
  });
});

describe('lessons', () => {
  it('refuse words already taught (however they are written), unknown professionals and empty words', async () => {
    const taken = await api('POST', '/assistant/lessons', {
      kind: 'meaning',
      example: '¡Mi pulsera NARANJA sirve en la piscina!',
      intent: 'hours',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: TEACHING_MESSAGES.lessonTaken });
    const nobody = await api('POST', '/assistant/lessons', {
      kind: 'meaning',
      example: 'lo de siempre con el de siempre',
      intent: 'book',
      employeeId: '00000000-0000-4000-8000-000000000000',
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toEqual({ message: TEACHING_MESSAGES.employeeNotFound });
    const empty = await api('POST', '/assistant/lessons', { kind: 'answer', example: '¿?', answer: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: TEACHING_MESSAGES.exampleRequired });
    const noAnswer = await api('POST', '/assistant/lessons', {
      kind: 'answer',
      example: 'hola?',
      answer: ' ',
    });
    expect(noAnswer.statusCode).toBe(400);
    const unknownReview = await api('POST', '/assistant/lessons', {
      kind: 'answer',
      example: 'hay toallas?',
      answer: 'Sí',
      conversationId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownReview.statusCode).toBe(404);
  });

  it('are listed, changed and forgotten, and the assistant follows at once', async () => {
    const created = await api('POST', '/assistant/lessons', {
      kind: 'answer',
      example: 'hay toallas en el vestuario?',
      answer: 'Sí, hay toallas.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { lesson } = created.json() as LessonSaved;
    const listed = (await api('GET', '/assistant/lessons')).json().lessons as Array<{ id: string }>;
    expect(listed.map((found) => found.id)).toContain(lesson.id);
    const changed = await api('PUT', `/assistant/lessons/${lesson.id}`, {
      kind: 'answer',
      example: 'hay toallas en el vestuario?',
      answer: 'No, trae la tuya.',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await say('/new', 'towels');
    expect((await say('hay toallas en el vestuario?', 'towels')).reply).toBe('No, trae la tuya.');
    expect((await api('DELETE', `/assistant/lessons/${lesson.id}`)).statusCode).toBe(200);
    await say('/new', 'towels-2');
    expect((await say('hay toallas en el vestuario?', 'towels-2')).reply).not.toBe('No, trae la tuya.');
    const gone = await api('PUT', `/assistant/lessons/${lesson.id}`, {
      kind: 'answer',
      example: 'x y z',
      answer: 'y',
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: TEACHING_MESSAGES.lessonNotFound });
  });
});

describe("the business's test set", () => {
  it('runs every case against the assistant as it is, and again with every lesson', async () => {
    const passing = await api('POST', '/assistant/tests', {
      name: 'Orange wristband',
      lines: ['hola', 'la pulsera naranja sirve para la piscina?'],
      mustContain: 'piscina de 7:00',
      mustDo: 'answer',
    });
    expect(passing.statusCode, passing.body).toBe(201);
    const failing = await api('POST', '/assistant/tests', {
      name: 'Asks for a person',
      lines: ['hola'],
      mustDo: 'hand_over',
    });
    expect(failing.statusCode).toBe(201);
    const run = (await api('POST', '/assistant/tests/run')).json() as TestRun;
    expect(run).toMatchObject({ engine: 'rules', total: 2, passed: 1 });
    const byName = Object.fromEntries(run.results.map((result) => [result.name, result]));
    expect(byName['Orange wristband']).toMatchObject({ passed: true, failure: null });
    expect(byName['Orange wristband']!.turns[1]!.replies).toEqual([ANSWER]);
    expect(byName['Asks for a person']).toMatchObject({
      passed: false,
      failure: 'It did not hand the conversation to a person.',
    });

    // A lesson that changes the taught answer shows the broken case in its own response.
    const lessons = (await api('GET', '/assistant/lessons')).json().lessons as Array<{
      id: string;
      example: string;
    }>;
    const wristband = lessons.find((lesson) => lesson.example === PUZZLE)!;
    const saved = await api('PUT', `/assistant/lessons/${wristband.id}`, {
      kind: 'answer',
      example: PUZZLE,
      answer: 'No, la piscina va aparte.',
    });
    const tests = (saved.json() as LessonSaved).tests;
    expect(tests.passed).toBe(0);
    expect(tests.results.find((result) => result.name === 'Orange wristband')!.failure).toBe(
      'Its answer does not contain "piscina de 7:00".',
    );
  });

  it('validates cases, and edits and deletes them', async () => {
    const empty = await api('POST', '/assistant/tests', { name: 'x', lines: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(`lines: ${TEACHING_MESSAGES.linesRequired}`);
    const created = (await api('POST', '/assistant/tests', { name: 'Hi', lines: ['hola'] })).json();
    const edited = await api('PUT', `/assistant/tests/${created.id}`, {
      name: 'Greeting',
      lines: ['buenas'],
      mustContain: 'hola',
      mustDo: 'anything',
    });
    expect(edited.json()).toMatchObject({ name: 'Greeting', lines: ['buenas'], mustDo: 'anything' });
    expect((await api('DELETE', `/assistant/tests/${created.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/assistant/tests/${created.id}`)).statusCode).toBe(404);
  });
});

describe('judge', () => {
  const turn = (replies: string[], handedOver = false) => ({ customer: 'x', replies, handedOver });
  it('reads what the last answer contains, accents and case aside, and whether a person took over', () => {
    expect(judge({ mustContain: 'PISCINA', mustDo: 'answer' }, [turn(['La piscína abre'])])).toBeNull();
    expect(judge({ mustContain: '', mustDo: 'answer' }, [turn(['ok'], true)])).toBe(
      'It handed the conversation to a person.',
    );
    expect(judge({ mustContain: '', mustDo: 'anything' }, [turn(['ok'], true)])).toBeNull();
    expect(
      judge({ mustContain: 'persona', mustDo: 'hand_over' }, [
        turn(['Te paso con una persona'], true),
        turn([], true),
      ]),
    ).toBeNull();
  });
});
